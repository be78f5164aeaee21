import { describe, expect, it } from 'vitest';
import { describeJob, describeValue } from './job-status-text';

describe('describeJob', () => {
  it('describes a completed job with its result', () => {
    expect(
      describeJob({ state: 'completed', progress: 100, result: { reviewsImported: 12 }, failedReason: null }),
    ).toBe('Estado: completado — críticas importadas: 12');
  });

  it('describes progress while active', () => {
    expect(describeJob({ state: 'active', progress: 40, result: null, failedReason: null })).toBe(
      'Estado: en curso — 40 %',
    );
    expect(
      describeJob({
        state: 'active',
        progress: { message: 'Leyendo fuentes' },
        result: null,
        failedReason: null,
      }),
    ).toBe('Estado: en curso — Leyendo fuentes');
  });

  it('gives the reason of a failure', () => {
    expect(describeJob({ state: 'failed', progress: 0, result: null, failedReason: 'robots.txt' })).toBe(
      'Estado: fallido — robots.txt',
    );
  });

  it('shows the bare state when there is nothing else', () => {
    expect(describeJob({ state: 'waiting', progress: 0, result: null, failedReason: null })).toBe(
      'Estado: en cola — 0 %',
    );
    expect(describeJob({ state: 'waiting', progress: null, result: null, failedReason: null })).toBe(
      'Estado: en cola',
    );
  });

  it('keeps unknown keys as they are', () => {
    expect(describeValue({ foo: 3, nested: { a: 1 } })).toBe('foo: 3');
  });
});
