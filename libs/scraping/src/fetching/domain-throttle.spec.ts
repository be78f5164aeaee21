import { DomainThrottle } from './domain-throttle.js';

/** A clock that only moves when the throttle sleeps or a task says so: exact, and instant. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

describe('DomainThrottle', () => {
  it('runs one task at a time per host, in arrival order, with the pause between them', async () => {
    const clock = fakeClock();
    const throttle = new DomainThrottle({ minDelayMs: 1000, now: clock.now, sleep: clock.sleep });
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;

    const task = (name: string, duration: number) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${name} @${clock.now()}`);
      await Promise.resolve();
      clock.advance(duration);
      log.push(`end ${name} @${clock.now()}`);
      running--;
      return name;
    };

    const results = await Promise.all([
      throttle.run('example.com', task('a', 200)),
      throttle.run('EXAMPLE.com', task('b', 300)),
      throttle.run('example.com.', task('c', 100)),
    ]);

    expect(results).toEqual(['a', 'b', 'c']);
    expect(maxRunning).toBe(1);
    expect(log).toEqual([
      'start a @0',
      'end a @200',
      'start b @1200',
      'end b @1500',
      'start c @2500',
      'end c @2600',
    ]);
  });

  it('keeps going after a failed task', async () => {
    const clock = fakeClock();
    const throttle = new DomainThrottle({ minDelayMs: 10, now: clock.now, sleep: clock.sleep });
    const failed = throttle.run('example.com', async () => {
      throw new Error('boom');
    });
    const next = throttle.run('example.com', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([10]);
  });

  it('does not make different hosts wait for each other', async () => {
    const throttle = new DomainThrottle({ minDelayMs: 60_000 });
    let releaseSlow: () => void = () => undefined;
    const slow = throttle.run(
      'slow.example',
      () => new Promise<string>((resolve) => (releaseSlow = () => resolve('slow'))),
    );
    await expect(throttle.run('fast.example', async () => 'fast')).resolves.toBe('fast');
    releaseSlow();
    await expect(slow).resolves.toBe('slow');
  });

  it('honours a longer per-request pause (robots.txt Crawl-delay) but never a shorter one', async () => {
    const clock = fakeClock();
    const throttle = new DomainThrottle({ minDelayMs: 100, now: clock.now, sleep: clock.sleep });
    await throttle.run('example.com', async () => undefined, 5000);
    await throttle.run('example.com', async () => undefined, 5000);
    await throttle.run('example.com', async () => undefined, 10);
    expect(clock.sleeps).toEqual([5000, 5000]);
  });

  it('forgets idle hosts once their pause is over', async () => {
    const clock = fakeClock();
    const throttle = new DomainThrottle({ minDelayMs: 1000, now: clock.now, sleep: clock.sleep });
    for (let index = 0; index < 50; index++)
      await throttle.run(`host-${index}.example`, async () => undefined);
    expect(throttle.trackedHosts).toBe(50);
    clock.advance(1000);
    expect(throttle.trackedHosts).toBe(0);
  });

  it('never starts a task whose signal aborted while it waited for its turn (a stopping worker)', async () => {
    const clock = fakeClock();
    const throttle = new DomainThrottle({ minDelayMs: 1000, now: clock.now, sleep: clock.sleep });
    const started: string[] = [];
    const given = new AbortController();
    let finishFirst: () => void = () => undefined;
    const first = throttle.run('example.com', async () => {
      started.push('first');
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const second = throttle.run('example.com', async () => started.push('second'), undefined, given.signal);
    const third = throttle.run('example.com', async () => started.push('third'));
    await Promise.resolve();
    given.abort(new Error('worker stopping'));
    finishFirst();
    await first;
    await expect(second).rejects.toThrow('worker stopping');
    await third;
    expect(started).toEqual(['first', 'third']);
  });
});
