import { CallHandler, ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { notePossibleEffect, withWriteLedger, type WriteLedger } from '@veredicto/db';
import { catchError, defer, type Observable, throwError, timer, switchMap } from 'rxjs';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/**
 * PostgreSQL's "the server ended the session" classes (57P: shutdown, 08: connection exception), and its
 * refusal of a new session when every connection slot is taken (53300): a connection that never opened ran
 * nothing, so the request is run again and at worst answers 503, never 500.
 */
const UNAVAILABLE_CODES = new Set([
  '53300',
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
  /Connection terminated|terminating connection|Connection is closed|Stream isn't writeable|timeout exceeded when trying to connect|too many clients already|remaining connection slots are reserved|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

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
 * How long a request is run again while PostgreSQL (or Redis) keeps ending its connections: long enough for
 * a sweep that comes again and again (a failover, a pooler restarting, an operator's pg_terminate_backend)
 * to be hidden from the reader, short enough that a database that is really down answers 503 within seconds.
 * 2 s was too short on a loaded 2-core machine: with every connection ended each 400 ms, a catalogue read
 * whose runs each waited for the CPU used up its window (a 503 after 2.4 s in reliability.test.ts).
 */
export const RETRY_WINDOW_MS = 4_000;
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 400;

/** The pause before a request's retry-th run again: doubling from 25 ms, at most 400 ms. */
export function retryPauseMs(retry: number): number {
  return Math.min(FIRST_PAUSE_MS * 2 ** retry, LONGEST_PAUSE_MS);
}

/**
 * Whether a request that failed may be run again: its database connection was lost (or Redis was away),
 * it first ran less than RETRY_WINDOW_MS ago, and, for a write, nothing it did may have taken effect yet (no
 * COMMIT sent, no statement outside a transaction, no job queued, no mail sent: see write-ledger.ts). A
 * transaction that lost its connection before its COMMIT was rolled back by PostgreSQL, so running the
 * request again cannot apply it twice.
 */
export function mayRunAgain(
  error: unknown,
  mayHaveTakenEffect: boolean,
  firstRunAt: number,
  now = Date.now(),
): boolean {
  return now - firstRunAt < RETRY_WINDOW_MS && isServiceUnavailable(error) && !mayHaveTakenEffect;
}

/**
 * Runs `work` again after a lost connection (with the interceptor's pauses) while its own ledger shows that
 * it certainly changed nothing: for the reads a write makes after its COMMIT (the answer it builds), where
 * running the whole request again is no longer allowed, and for the statements that run before the
 * interceptor (the guards': the per-user write limit's count on PostgreSQL). What it may have changed is
 * noted in the request's ledger too.
 */
export async function retryUncommitted<T>(work: () => Promise<T>): Promise<T> {
  return retryLost(work, false);
}

/**
 * Runs `work` again after a lost connection (with the interceptor's pauses) even when it may have taken
 * effect, for a write whose effect twice does no harm: a rate limit's count. It is advisory (a count against
 * a limit, never a user's data), so a hit counted twice after a lost COMMIT costs at most one request of the
 * window (errs towards the limit), and that is better than a 503 for a request that did nothing. What it
 * may have changed is noted in the request's ledger.
 */
export async function retryAdvisory<T>(work: () => Promise<T>): Promise<T> {
  return retryLost(work, true);
}

async function retryLost<T>(work: () => Promise<T>, evenIfItTookEffect: boolean): Promise<T> {
  const firstRunAt = Date.now();
  for (let retry = 0; ; retry += 1) {
    const ledger: WriteLedger = { mayHaveTakenEffect: false };
    try {
      return await withWriteLedger(ledger, work);
    } catch (error) {
      if (!mayRunAgain(error, ledger.mayHaveTakenEffect && !evenIfItTookEffect, firstRunAt)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs(retry)));
    } finally {
      if (ledger.mayHaveTakenEffect) notePossibleEffect();
    }
  }
}

/** A read run again after a lost connection (it changes nothing, so always while the window lasts). */
export const retryRead = retryUncommitted;

const IDEMPOTENT_WRITE = 'veredicto:idempotent-write';

/**
 * Marks a write whose second run leaves what its first left (it sets a value, or removes it; it never adds
 * or counts): a rating set or withdrawn. Lost at or after its COMMIT, it is run again like a request that
 * certainly changed nothing, instead of answering 503 (docs/RELIABILITY.md, "A rating"). Only for writes
 * that queue nothing but deduplicated jobs and send no mail.
 */
export const IdempotentWrite = () => SetMetadata(IDEMPOTENT_WRITE, true);

/**
 * A request whose database connection was killed is tried again, after a pause that lets the pool see
 * which of its idle connections the same sweep killed (each one's end is then handled and it leaves the
 * pool), so the retry runs on a connection that is alive; again and again for RETRY_WINDOW_MS, for a sweep
 * that comes again. A read is always safe to run again; a write only while its ledger shows that it
 * certainly changed nothing (mayRunAgain), or when it is marked IdempotentWrite (a rating). Any other write
 * that failed at or after its COMMIT, or after a job or mail left, answers 503 with Retry-After: its outcome
 * is uncertain, and the client retries it.
 */
@Injectable()
export class RetryLostConnectionInterceptor implements NestInterceptor {
  /** `reflector`: reads IdempotentWrite on the handler (without it, every write is treated as not idempotent). */
  constructor(private readonly reflector?: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>()?.method;
    // A read, or a write marked IdempotentWrite: running it again after an uncertain COMMIT changes nothing.
    const safeToRunAgain =
      method === 'GET' ||
      method === 'HEAD' ||
      this.reflector?.get<boolean>(IDEMPOTENT_WRITE, context.getHandler()) === true;
    const firstRunAt = Date.now();
    const attempt = (retry: number): Observable<unknown> =>
      defer(() => {
        const ledger: WriteLedger = { mayHaveTakenEffect: false };
        return withWriteLedger(ledger, () => next.handle()).pipe(
          catchError((error: unknown) =>
            mayRunAgain(error, !safeToRunAgain && ledger.mayHaveTakenEffect, firstRunAt)
              ? timer(retryPauseMs(retry)).pipe(switchMap(() => attempt(retry + 1)))
              : throwError(() => error),
          ),
        );
      });
    return attempt(0);
  }
}
