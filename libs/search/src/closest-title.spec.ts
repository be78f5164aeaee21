import { ClosestTitles, type TitleEntry } from './closest-title.js';
import { similarity } from './trigram.js';

/** The database statement's rule, one title at a time, with the pg_trgm port: what ClosestTitles must give. */
function bruteForce(entries: readonly TitleEntry[], text: string, mature: boolean): number | null {
  let best: { id: number; score: number } | null = null;
  for (const entry of entries) {
    if (entry.mature && !mature) continue;
    const value = similarity(text, entry.searchName);
    if (value < 0.3) continue;
    const score = value + entry.popularity / 10;
    if (!best || score > best.score || (score === best.score && entry.id < best.id))
      best = { id: entry.id, score };
  }
  return best?.id ?? null;
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const WORDS = [
  'the',
  'legend',
  'of',
  'zelda',
  'dark',
  'souls',
  'mario',
  'kart',
  'final',
  'fantasy',
  'vii',
  'star',
  'wars',
  'knight',
  'hollow',
  'red',
  'dead',
  'redemption',
  '2',
  'ii',
  'kingdom',
  'hearts',
  'cheats',
  'ps2',
  'gta',
];

function titles(seed: number, count: number): TitleEntry[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const words = Array.from(
      { length: 1 + Math.floor(next() * 5) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    );
    return {
      id: index + 1,
      searchName: words.join(' '),
      popularity: Math.floor(next() * 4) / 2,
      mature: next() < 0.1,
    };
  });
}

function queries(seed: number, count: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 6) }, () => {
      const word = WORDS[Math.floor(next() * WORDS.length)];
      // Now and then a typo: a letter dropped.
      const cut = Math.floor(next() * word.length);
      return next() < 0.3 && word.length > 3 ? word.slice(0, cut) + word.slice(cut + 1) : word;
    });
    return words.join(' ');
  });
}

describe('ClosestTitles', () => {
  const entries = titles(7, 3000);
  const index = new ClosestTitles(entries);

  it('suggests what the one-by-one rule of the database statement suggests, adult games only when asked', () => {
    let found = 0;
    for (const text of queries(11, 400)) {
      for (const mature of [false, true]) {
        const expected = bruteForce(entries, text, mature);
        expect({ text, mature, id: index.closest(text, mature) }).toEqual({ text, mature, id: expected });
        if (expected !== null) found++;
      }
    }
    // The comparison means something only if many queries have a suggestion and some have none.
    expect(found).toBeGreaterThan(300);
    expect(found).toBeLessThan(800);
  });

  it('nothing for a text without trigrams or with nothing 0.3 similar', () => {
    expect(index.closest('', false)).toBeNull();
    expect(index.closest('   ', false)).toBeNull();
    expect(index.closest('qqqqxxxxzzzz', false)).toBeNull();
  });

  it('reads games changed since the build: a new title is found, a removed or renamed one is not', () => {
    const local = new ClosestTitles(entries);
    const renamed = entries.find((entry) => !entry.mature)!;
    expect(local.closest('xyzzy plugh', false)).toBeNull();
    local.update(99_999, { id: 99_999, searchName: 'xyzzy plugh', popularity: 0 });
    expect(local.closest('xyzzy plugh', false)).toBe(99_999);
    local.update(99_999, null);
    expect(local.closest('xyzzy plugh', false)).toBeNull();
    local.update(renamed.id, { ...renamed, searchName: 'quux corge grault' });
    expect(local.closest('quux corge grault', false)).toBe(renamed.id);
    const after = entries.map((entry) =>
      entry.id === renamed.id ? { ...renamed, searchName: 'quux corge grault' } : entry,
    );
    for (const text of queries(23, 100))
      expect(local.closest(text, false)).toBe(bruteForce(after, text, false));
    expect(local.changes).toBe(2);
  });
});
