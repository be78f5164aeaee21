import { Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard } from '@nestjs/throttler';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Demasiados intentos. Inténtalo de nuevo en un minuto.';

/** Per-IP limits of the account endpoints, answered in Spanish. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_ATTEMPTS_MESSAGE);
  }
}
