import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { notePossibleEffect, withWriteLedger, type WriteLedger } from '@veredicto/db';
import { AsyncResource } from 'node:async_hooks';
import { defer, lastValueFrom } from 'rxjs';
import {
  IdempotentWrite,
  isServiceUnavailable,
  mayRunAgain,
  retryAdvisory,
  RETRY_WINDOW_MS,
  retryPauseMs,
  retryUncommitted,
  RetryLostConnectionInterceptor,
} from './unavailable.js';

describe('isServiceUnavailable', () => {
  it('recognises a terminated or refused PostgreSQL connection and a refused Redis command', () => {
    expect(isServiceUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isServiceUnavailable(new Error('x', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(
      isServiceUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
  });

  it('recognises a server or pool out of connections (a 503 to retry, never a 500)', () => {
    const refused = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    expect(isServiceUnavailable(refused)).toBe(true);
    expect(isServiceUnavailable(new Error('sorry, too many clients already'))).toBe(true);
    expect(
      isServiceUnavailable(
        new Error('remaining connection slots are reserved for roles with the SUPERUSER attribute'),
      ),
    ).toBe(true);
    expect(isServiceUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(mayRunAgain(refused, false, Date.now())).toBe(true);
  });

  it('leaves real bugs and constraint violations alone (they stay 500 or their own status)', () => {
    expect(isServiceUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isServiceUnavailable(undefined)).toBe(false);
  });
});

describe('mayRunAgain', () => {
  const lost = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  const firstRunAt = 1_000_000;

  it('runs again a request that lost its connection before anything it did may have taken effect', () => {
    expect(mayRunAgain(lost, false, firstRunAt, firstRunAt)).toBe(true);
    expect(
      mayRunAgain(
        new Error('Connection terminated unexpectedly'),
        false,
        firstRunAt,
        firstRunAt + RETRY_WINDOW_MS - 1,
      ),
    ).toBe(true);
  });

  it('never after a COMMIT was sent (or a job or mail left), nor once its window is over, nor for another error', () => {
    expect(mayRunAgain(lost, true, firstRunAt, firstRunAt)).toBe(false);
    expect(mayRunAgain(lost, false, firstRunAt, firstRunAt + RETRY_WINDOW_MS)).toBe(false);
    expect(
      mayRunAgain(
        Object.assign(new Error('duplicate key'), { code: '23505' }),
        false,
        firstRunAt,
        firstRunAt,
      ),
    ).toBe(false);
  });
});

describe('retryPauseMs', () => {
  it('doubles from 25 ms and stays at 400 ms, so a sweep every few hundred milliseconds is outlasted', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryPauseMs)).toEqual([25, 50, 100, 200, 400, 400, 400]);
  });
});

describe('retryUncommitted', () => {
  const lost = () => Object.assign(new Error('terminating connection'), { code: '57P01' });

  it('runs again what lost its connection before any COMMIT, and not what may have committed', async () => {
    let runs = 0;
    const counted = await retryUncommitted(async () => {
      runs += 1;
      if (runs === 1) throw lost();
      return runs;
    });
    expect(counted).toBe(2);

    runs = 0;
    await expect(
      retryUncommitted(async () => {
        runs += 1;
        notePossibleEffect();
        throw lost();
      }),
    ).rejects.toThrow('terminating connection');
    expect(runs).toBe(1);
  });

  it('notes in the request’s ledger what the work may have changed', async () => {
    const outer: WriteLedger = { mayHaveTakenEffect: false };
    await withWriteLedger(outer, () => retryUncommitted(async () => notePossibleEffect()));
    expect(outer.mayHaveTakenEffect).toBe(true);
  });
});

describe('retryAdvisory', () => {
  const lost = () => Object.assign(new Error('terminating connection'), { code: '57P01' });

  it('runs again even what may have committed (an advisory count), and never another error', async () => {
    let runs = 0;
    const counted = await retryAdvisory(async () => {
      runs += 1;
      notePossibleEffect();
      if (runs < 3) throw lost();
      return runs;
    });
    expect(counted).toBe(3);

    runs = 0;
    await expect(
      retryAdvisory(async () => {
        runs += 1;
        throw new Error('duplicate key value violates unique constraint');
      }),
    ).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });
});

describe('RetryLostConnectionInterceptor', () => {
  const lost = () => Object.assign(new Error('terminating connection'), { code: '57P01' });
  class Handlers {
    @IdempotentWrite()
    rate() {}
    review() {}
  }
  const contextOf = (method: string, handler: () => void) =>
    ({
      switchToHttp: () => ({ getRequest: () => ({ method }) }),
      getHandler: () => handler,
    }) as unknown as ExecutionContext;
  /**
   * A handler whose first run sends its COMMIT and then loses its connection; the second run answers. Bound
   * to the context it is handled in, as Nest's own `next.handle()` is (AsyncResource.bind).
   */
  const committingThenLost = () => {
    let runs = 0;
    const next: CallHandler = {
      handle: () =>
        defer(
          AsyncResource.bind(async () => {
            runs += 1;
            notePossibleEffect();
            if (runs === 1) throw lost();
            return runs;
          }),
        ),
    };
    return { next, runs: () => runs };
  };

  it('runs an idempotent write again after an uncertain COMMIT', async () => {
    const handler = committingThenLost();
    const interceptor = new RetryLostConnectionInterceptor(new Reflector());
    const answer = interceptor.intercept(contextOf('POST', Handlers.prototype.rate), handler.next);
    await expect(lastValueFrom(answer)).resolves.toBe(2);
    expect(handler.runs()).toBe(2);
  });

  it('leaves any other write that may have committed to answer 503 (its outcome is uncertain)', async () => {
    const handler = committingThenLost();
    const interceptor = new RetryLostConnectionInterceptor(new Reflector());
    const answer = interceptor.intercept(contextOf('POST', Handlers.prototype.review), handler.next);
    await expect(lastValueFrom(answer)).rejects.toThrow('terminating connection');
    expect(handler.runs()).toBe(1);
  });
});
