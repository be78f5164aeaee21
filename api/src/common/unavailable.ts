import { CallHandler, ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable, throwError, timer, switchMap } from 'rxjs';

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

/** Retries of a read after a lost connection, and the pause before each (doubling). */
export const READ_RETRIES = 4;
const READ_RETRY_PAUSE_MS = 25;

/**
 * A read whose database connection was killed mid-query is tried again, after a pause that lets the pool
 * see which of its idle connections the same sweep killed (each one's end is then handled and it leaves
 * the pool), so the retry runs on a connection that is alive; up to READ_RETRIES times, for a sweep that
 * comes again. A PostgreSQL restart or terminated backends cost the reader time, not an error. Writes are
 * never retried here; they are idempotent so the client may retry them after a 503.
 */
@Injectable()
export class RetryReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>()?.method;
    if (method !== 'GET' && method !== 'HEAD') return next.handle();
    const attempt = (retry: number): Observable<unknown> =>
      next
        .handle()
        .pipe(
          catchError((error: unknown) =>
            retry < READ_RETRIES && isServiceUnavailable(error)
              ? timer(READ_RETRY_PAUSE_MS * 2 ** retry).pipe(switchMap(() => attempt(retry + 1)))
              : throwError(() => error),
          ),
        );
    return attempt(0);
  }
}
