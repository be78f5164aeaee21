import { jest } from '@jest/globals';
import { RequestSpacing } from './request-spacing.js';

/** The most calls that fall within any window of `windowMs`. */
const busiestWindow = (times: number[], windowMs: number) =>
  Math.max(...times.map((start) => times.filter((time) => time >= start && time < start + windowMs).length));

describe('RequestSpacing', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('lets callers that arrive together through one slot apart, in order: at most 4 a second at 250 ms', async () => {
    const spacing = new RequestSpacing(250);
    const sent: { caller: number; at: number }[] = [];
    const callers = Array.from({ length: 9 }, (_, caller) =>
      spacing.take().then(() => sent.push({ caller, at: Date.now() - 1_000_000 })),
    );
    await jest.advanceTimersByTimeAsync(5_000);
    await Promise.all(callers);
    expect(sent).toEqual(Array.from({ length: 9 }, (_, caller) => ({ caller, at: caller * 250 })));
    expect(
      busiestWindow(
        sent.map((call) => call.at),
        1000,
      ),
    ).toBe(4);
  });

  it('does not hold back a call that comes after a quiet spell, and spaces the one right behind it', async () => {
    const spacing = new RequestSpacing(250);
    await spacing.take();
    await jest.advanceTimersByTimeAsync(400);
    const started = Date.now();
    await spacing.take();
    expect(Date.now()).toBe(started);
    let second = false;
    const behind = spacing.take().then(() => (second = true));
    await jest.advanceTimersByTimeAsync(249);
    expect(second).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await behind;
    expect(Date.now() - started).toBe(250);
  });

  it('gives up once the caller has been aborted', async () => {
    const spacing = new RequestSpacing(250);
    await spacing.take();
    const stopping = new AbortController();
    const waiting = spacing.take(stopping.signal);
    stopping.abort(new Error('worker stopping'));
    const outcome = expect(waiting).rejects.toThrow('worker stopping');
    await jest.advanceTimersByTimeAsync(250);
    await outcome;
  });
});
