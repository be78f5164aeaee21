import { CallHandler, ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/** PostgreSQL's "the server ended the session" classes (57P: shutdown, 08: connection exception). */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|terminating connection|Connection is closed|Stream isn't writeable|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * Whether an error means that PostgreSQL or Redis is away (a restart, a killed backend, a refused
 * connection) rather than a bug: the request answers 503 at once instead of 500, and a read is retried.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * A read whose database connection was killed mid-query is tried once more (the pool hands out a fresh
 * connection): a PostgreSQL restart or a terminated backend costs the reader nothing. Writes are never
 * retried here; they are idempotent so the client may retry them after a 503.
 */
@Injectable()
export class RetryReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>()?.method;
    if (method !== 'GET' && method !== 'HEAD') return next.handle();
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          isServiceUnavailable(error) ? next.handle() : throwError(() => error),
        ),
      );
  }
}
