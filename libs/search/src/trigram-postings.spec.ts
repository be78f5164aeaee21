import { random } from '../../../bench/search-queries.js';
import { prepareTrigrams } from './trigram.js';
import { TrigramPostings } from './trigram-postings.js';

/** Words of 1 to `most` syllables drawn with `next`. */
const wordsOf =
  (next: () => number, syllables: readonly string[], least = 1, most = 4) =>
  () =>
    Array.from(
      { length: least + Math.floor(next() * (most - least + 1)) },
      () => syllables[Math.floor(next() * syllables.length)],
    ).join('');

/** The texts, their postings, and what counting every list gives: each text's count of a probe's codes. */
function catalogue(texts: string[]) {
  const postings = new TrigramPostings(texts);
  const codesOf = texts.map((text) => new Set(prepareTrigrams(text).codes));
  const sharedOf = (codes: Int32Array, entry: number) =>
    [...codes].filter((code) => codesOf[entry].has(code)).length;
  const expected = (codes: Int32Array, least: number, accept?: (entry: number) => boolean) =>
    texts
      .map((_, entry) => entry)
      .filter((entry) => !accept || accept(entry))
      .filter((entry) => sharedOf(codes, entry) >= least);
  /** Checks `sharing` against counting every list for one probe; answers how many texts it found. */
  const checkSharing = (codes: Int32Array, least: number, accept?: (entry: number) => boolean) => {
    const got = postings.sharing(codes, least, accept).sort((a, b) => a - b);
    expect(got).toEqual(expected(codes, least, accept));
    return got.length;
  };
  return { postings, codesOf, sharedOf, expected, checkSharing };
}

describe('TrigramPostings', () => {
  it('finds the texts sharing at least so many trigrams of a probe, as counting every list would', () => {
    const next = random(28);
    const syllables = ['ch', 'eat', 'zel', 'da', 'po', 'ke', 'mon', 'fi', 'nal', 'fan', 'ta', 'sy', 'ps'];
    const word = wordsOf(next, [...syllables, 'x', 'men', 'ga', 'me', 's ']);
    const textOf = () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, word)
        .join(' ')
        .trim();
    const { checkSharing } = catalogue(Array.from({ length: 3000 }, textOf));
    let found = 0;
    for (let probe = 0; probe < 300; probe++) {
      const { codes } = prepareTrigrams(textOf());
      const least = 1 + Math.floor(next() * (codes.length + 1));
      found += checkSharing(codes, least, probe % 3 === 0 ? (entry) => entry % 2 === 0 : undefined);
    }
    // The probes found texts, not only empty answers.
    expect(found).toBeGreaterThan(1000);
  });

  it('finds the same when a few trigrams are in nearly every text (their lists looked up, not walked)', () => {
    const next = random(29);
    const rare = ['zel', 'da', 'po', 'ke', 'mon', 'fi', 'nal', 'x', 'men', 'ga', 'qu', 'ake', 'do', 'om'];
    const word = wordsOf(next, rare, 2, 4);
    // 'cheats' in 95 % of the texts: its trigrams' lists are far longer than the candidates.
    const textOf = () => [next() < 0.95 ? 'cheats' : word(), word(), next() < 0.5 ? 'ps2' : word()].join(' ');
    const { checkSharing } = catalogue(Array.from({ length: 20_000 }, textOf));
    let found = 0;
    for (let probe = 0; probe < 60; probe++) {
      const { codes } = prepareTrigrams(`cheats ${word()}${probe % 2 ? ' ps2' : ''}`);
      const least = Math.max(1, Math.floor(codes.length * (0.3 + next() * 0.6)));
      found += checkSharing(codes, least, probe % 4 === 0 ? (entry) => entry % 3 !== 0 : undefined);
    }
    expect(found).toBeGreaterThan(100);
  });

  it('gives each entry it visits its exact count of shared trigrams (eachSharing)', () => {
    const next = random(30);
    const word = wordsOf(next, ['ch', 'eat', 'zel', 'da', 'po', 'ke', 'mon', 'fi', 'nal', 'ps', 'x', 's ']);
    const textOf = () => [next() < 0.9 ? 'cheats' : word(), word(), word()].join(' ').trim();
    const texts = Array.from({ length: 5000 }, textOf);
    const { postings, codesOf, sharedOf, expected } = catalogue(texts);
    let visited = 0;
    for (let probe = 0; probe < 100; probe++) {
      const { codes } = prepareTrigrams(textOf());
      const least = 1 + Math.floor(next() * codes.length);
      const got: number[][] = [];
      postings.eachSharing(codes, least, (entry, shared) => got.push([entry, shared]));
      const counted = expected(codes, least).map((entry) => [entry, sharedOf(codes, entry)]);
      expect(got.sort((a, b) => a[0] - b[0])).toEqual(counted);
      visited += got.length;
    }
    expect(visited).toBeGreaterThan(500);
    expect(texts.every((_, entry) => postings.trigramCount(entry) === codesOf[entry].size)).toBe(true);
  });
});
