import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import { logConnectionErrors } from './connection-errors.js';

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
