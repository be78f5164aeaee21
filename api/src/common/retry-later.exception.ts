import { ServiceUnavailableException } from '@nestjs/common';

/** A 503 that tells the client when to come back (`Retry-After`, set by the exception filters). */
export class RetryLaterException extends ServiceUnavailableException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
