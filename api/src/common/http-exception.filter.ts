import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { isServiceUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from './unavailable.js';

/** Thrown where the spec says the error body is plain text (register, profile update, account deletion). */
export class PlainTextException extends HttpException {
  constructor(message: string, status: HttpStatus) {
    super(message, status);
  }
}

/**
 * Every error leaves as `{ statusCode, message }` (or plain text where the spec says so): never a stack
 * trace, SQL or internal path. Unknown errors are logged and answered as a generic 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Error interno del servidor';
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      message = Array.isArray(raw) ? raw.join('. ') : typeof raw === 'string' ? raw : exception.message;
      if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) message = 'Recurso no encontrado';
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = 'La petición es demasiado grande';
    } else if (isBodyParserError(exception)) {
      status = exception.status;
      message = status === 413 ? 'La petición es demasiado grande' : 'El cuerpo de la petición no es válido';
    } else if (isServiceUnavailable(exception)) {
      // PostgreSQL or Redis is away: a clear, immediate 503, not a 500 (the client may retry).
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = SERVICE_UNAVAILABLE_MESSAGE;
      this.logger.warn(exception instanceof Error ? exception.message : String(exception));
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (exception instanceof PlainTextException) {
      response.status(status).type('text/plain; charset=utf-8').send(message);
      return;
    }
    response.status(status).json({ statusCode: status, message });
  }
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { type?: unknown }).type === 'string'
  );
}
