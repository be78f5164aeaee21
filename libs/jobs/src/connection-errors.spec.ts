import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import { logConnectionErrors, neverSent, resendUnsent } from './connection-errors.js';

describe('logConnectionErrors', () => {
  afterEach(() => jest.useRealTimers());

  it('logs one line per interval with the number of errors in between, and never throws', () => {
    jest.useFakeTimers({ now: 0 });
    const emitter = new EventEmitter();
    const lines: string[] = [];
    logConnectionErrors(emitter, (line) => lines.push(line), 'cola averages', 10_000);
    const boom = () => emitter.emit('error', new Error('terminating connection'));
    boom();
    boom();
    boom();
    jest.setSystemTime(10_000);
    boom();
    expect(lines).toEqual([
      'cola averages: terminating connection',
      'cola averages: terminating connection (y 2 errores más desde el anterior aviso)',
    ]);
  });
});

describe('resendUnsent', () => {
  it('sends again only what never reached the server', async () => {
    expect(neverSent(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(neverSent(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(
      true,
    );
    expect(neverSent(new Error('x', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    // Lost after sending: it may have been applied.
    expect(neverSent(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(neverSent(new Error('duplicate key value violates unique constraint'))).toBe(false);

    let calls = 0;
    const added = await resendUnsent(async () => {
      calls += 1;
      if (calls < 3) throw new Error('Client has encountered a connection error and is not queryable');
      return 'job-1';
    });
    expect([added, calls]).toEqual(['job-1', 3]);

    calls = 0;
    await expect(
      resendUnsent(async () => {
        calls += 1;
        throw new Error('Connection terminated unexpectedly');
      }),
    ).rejects.toThrow('Connection terminated');
    expect(calls).toBe(1);
  });
});
