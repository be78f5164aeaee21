import { MISS_FLUSH_TERMS, SearchMissCounter } from './search-miss-counter.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SearchMissCounter', () => {
  it('writes the misses of an interval together, each term once with its count', async () => {
    const writes: [string, number][][] = [];
    const counter = new SearchMissCounter(async (counts) => void writes.push(counts), 30);
    counter.count('zelda cheats');
    counter.count('zelda cheats');
    counter.count('ps2 ceat codes');
    expect(writes).toEqual([]);
    await sleep(60);
    expect(writes).toEqual([
      [
        ['zelda cheats', 2],
        ['ps2 ceat codes', 1],
      ],
    ]);
    // Nothing waiting: no empty write.
    await sleep(60);
    expect(writes).toHaveLength(1);
  });

  it('writes at once when many distinct terms wait, and cuts a term as the column does', async () => {
    const writes: [string, number][][] = [];
    const counter = new SearchMissCounter(async (counts) => void writes.push(counts), 60_000);
    for (let n = 1; n < MISS_FLUSH_TERMS; n++) counter.count(`juego ${n}`);
    await sleep(5);
    expect(writes).toEqual([]);
    counter.count(`juego ${MISS_FLUSH_TERMS}`);
    await sleep(5);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(MISS_FLUSH_TERMS);

    counter.count('x'.repeat(120));
    counter.count(`${'x'.repeat(100)}y`);
    await counter.flush();
    expect(writes[1]).toEqual([['x'.repeat(100), 2]]);
  });

  it('keeps the counts of a failed write for the next one, and writes what waits when the API stops', async () => {
    const writes: [string, number][][] = [];
    let fail = true;
    const counter = new SearchMissCounter(async (counts) => {
      if (fail) throw new Error('conexión perdida');
      writes.push(counts);
    }, 60_000);
    counter.count('a');
    await counter.flush();
    expect(writes).toEqual([]);
    fail = false;
    counter.count('a');
    counter.count('b');
    await counter.beforeApplicationShutdown();
    expect(writes).toEqual([
      [
        ['a', 2],
        ['b', 1],
      ],
    ]);
  });
});
