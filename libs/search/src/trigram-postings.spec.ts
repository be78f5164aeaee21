import { random } from '../../../bench/search-queries.js';
import { prepareTrigrams } from './trigram.js';
import { TrigramPostings } from './trigram-postings.js';

describe('TrigramPostings', () => {
  it('finds the texts sharing at least so many trigrams of a probe, as counting every list would', () => {
    const next = random(28);
    const syllables = [
      'ch',
      'eat',
      'zel',
      'da',
      'po',
      'ke',
      'mon',
      'fi',
      'nal',
      'fan',
      'ta',
      'sy',
      'ps',
      'x',
      'men',
      'ga',
      'me',
      's ',
    ];
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(next() * 4) },
        () => syllables[Math.floor(next() * syllables.length)],
      ).join('');
    const textOf = () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, word)
        .join(' ')
        .trim();
    const texts = Array.from({ length: 3000 }, textOf);
    const postings = new TrigramPostings(texts);
    const codesOf = texts.map((text) => new Set(prepareTrigrams(text).codes));
    let found = 0;
    for (let probe = 0; probe < 300; probe++) {
      const { codes } = prepareTrigrams(textOf());
      const least = 1 + Math.floor(next() * (codes.length + 1));
      const accept = probe % 3 === 0 ? (entry: number) => entry % 2 === 0 : undefined;
      const expected = texts
        .map((_, entry) => entry)
        .filter((entry) => !accept || accept(entry))
        .filter((entry) => [...codes].filter((code) => codesOf[entry].has(code)).length >= least);
      const got = postings.sharing(codes, least, accept).sort((a, b) => a - b);
      expect(got).toEqual(expected);
      found += got.length;
    }
    // The probes found texts, not only empty answers.
    expect(found).toBeGreaterThan(1000);
  });

  it('finds the same when a few trigrams are in nearly every text (their lists looked up, not walked)', () => {
    const next = random(29);
    const rare = ['zel', 'da', 'po', 'ke', 'mon', 'fi', 'nal', 'x', 'men', 'ga', 'qu', 'ake', 'do', 'om'];
    const word = () =>
      Array.from({ length: 2 + Math.floor(next() * 3) }, () => rare[Math.floor(next() * rare.length)]).join(
        '',
      );
    // 'cheats' in 95 % of the texts: its trigrams' lists are far longer than the candidates.
    const textOf = () => [next() < 0.95 ? 'cheats' : word(), word(), next() < 0.5 ? 'ps2' : word()].join(' ');
    const texts = Array.from({ length: 20_000 }, textOf);
    const postings = new TrigramPostings(texts);
    const codesOf = texts.map((text) => new Set(prepareTrigrams(text).codes));
    let found = 0;
    for (let probe = 0; probe < 60; probe++) {
      const { codes } = prepareTrigrams(`cheats ${word()}${probe % 2 ? ' ps2' : ''}`);
      const least = Math.max(1, Math.floor(codes.length * (0.3 + next() * 0.6)));
      const accept = probe % 4 === 0 ? (entry: number) => entry % 3 !== 0 : undefined;
      const expected = texts
        .map((_, entry) => entry)
        .filter((entry) => !accept || accept(entry))
        .filter((entry) => [...codes].filter((code) => codesOf[entry].has(code)).length >= least);
      const got = postings.sharing(codes, least, accept).sort((a, b) => a - b);
      expect(got).toEqual(expected);
      found += got.length;
    }
    expect(found).toBeGreaterThan(100);
  });

  it('gives each entry it visits its exact count of shared trigrams (eachSharing)', () => {
    const next = random(30);
    const syllables = ['ch', 'eat', 'zel', 'da', 'po', 'ke', 'mon', 'fi', 'nal', 'ps', 'x', 'men', 's '];
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(next() * 4) },
        () => syllables[Math.floor(next() * syllables.length)],
      ).join('');
    const textOf = () => [next() < 0.9 ? 'cheats' : word(), word(), word()].join(' ').trim();
    const texts = Array.from({ length: 5000 }, textOf);
    const postings = new TrigramPostings(texts);
    const codesOf = texts.map((text) => new Set(prepareTrigrams(text).codes));
    let visited = 0;
    for (let probe = 0; probe < 100; probe++) {
      const { codes } = prepareTrigrams(textOf());
      const least = 1 + Math.floor(next() * codes.length);
      const sharedOf = (entry: number) => [...codes].filter((code) => codesOf[entry].has(code)).length;
      const expected = texts
        .map((_, entry) => [entry, sharedOf(entry)])
        .filter(([, shared]) => shared >= least);
      const got: number[][] = [];
      postings.eachSharing(codes, least, (entry, shared) => got.push([entry, shared]));
      expect(got.sort((a, b) => a[0] - b[0])).toEqual(expected);
      visited += got.length;
    }
    expect(visited).toBeGreaterThan(500);
    expect(texts.every((text, entry) => postings.trigramCount(entry) === codesOf[entry].size)).toBe(true);
  });
});
