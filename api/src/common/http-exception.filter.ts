import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { TOO_DEEP_MESSAGE, TOO_DEEP_TYPE } from './json-depth.js';
import { RetryLaterException } from './retry-later.exception.js';
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
    // Nest wraps body-parser and path-decoding errors in an HttpException whose text is English.
    const parserError = requestDecodingError(exception);
    if (parserError) {
      status = parserError.status;
      message = parserError.message;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      message = Array.isArray(raw) ? raw.join('. ') : typeof raw === 'string' ? raw : exception.message;
      if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) message = 'Recurso no encontrado';
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = 'La petición es demasiado grande';
    } else if (isServiceUnavailable(exception)) {
      // PostgreSQL or Redis is away: a clear, immediate 503, not a 500 (the client may retry).
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = SERVICE_UNAVAILABLE_MESSAGE;
      // A write whose outcome is uncertain (its connection was lost at or after COMMIT) is sent again.
      response.setHeader('Retry-After', '1');
      // The stack says which step lost its connection (before or at the COMMIT, in a guard, in the answer's read).
      this.logger.warn(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (exception instanceof RetryLaterException) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (exception instanceof PlainTextException) {
      response.status(status).type('text/plain; charset=utf-8').send(message);
      return;
    }
    response.status(status).json({ statusCode: status, message });
  }
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.too.large': 'La petición es demasiado grande',
  [TOO_DEEP_TYPE]: TOO_DEEP_MESSAGE,
  'entity.parse.failed': 'El cuerpo de la petición no es un JSON válido',
  'charset.unsupported': 'La codificación de caracteres de la petición no está admitida',
  'encoding.unsupported': 'La compresión de la petición no está admitida',
  'request.aborted': 'La petición se interrumpió',
  'request.size.invalid': 'El tamaño declarado de la petición no coincide con su cuerpo',
};

/** A client error of body parsing or path decoding, itself or as the cause Nest wrapped it in. */
function requestDecodingError(exception: unknown): { status: number; message: string } | null {
  const candidates = [exception, exception instanceof Error ? exception.cause : undefined];
  for (const candidate of candidates) {
    if (candidate instanceof URIError) {
      return { status: 400, message: 'La dirección contiene caracteres mal codificados' };
    }
    if (isBodyParserError(candidate) && candidate.status < 500) {
      return {
        status: candidate.status,
        message: BODY_PARSER_MESSAGES[candidate.type ?? ''] ?? 'El cuerpo de la petición no es válido',
      };
    }
  }
  return null;
}

/** body-parser's errors carry a `type`; the ones it passes on from zlib only http-errors' `expose`. */
function isBodyParserError(error: unknown): error is { status: number; type?: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    (typeof (error as { type?: unknown }).type === 'string' ||
      typeof (error as { expose?: unknown }).expose === 'boolean')
  );
}
