import {
  leastShared,
  levenshtein,
  levenshteinLessEqual,
  prepareTrigrams,
  similarity,
  similarityTo,
  trigramsOf,
  wordSimilarity,
  wordSimilarityTo,
} from './trigram.js';

// Expected values are PostgreSQL 15's (the pg_trgm and fuzzystrmatch documentation, or the server read as
// float8), written as the fractions they are: PostgreSQL divides in float4, hence Math.fround.
const f = (shared: number, union: number) => Math.fround(shared / union);

const TITLES = [
  'legend of zelda breath of the wild',
  'witcher 3 wild hunt',
  'grand theft auto 5',
  'super mario bros super mario',
  'thief 2 the metal age',
  'command and conquer 3 tiberium wars',
  'a b c',
  'aaa aaa',
  '',
];

describe('pg_trgm replicas', () => {
  it('extracts the trigrams show_trgm lists: each word padded as "  word ", distinct, sorted', () => {
    expect(trigramsOf('cat')).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(trigramsOf('a')).toEqual(['  a', ' a ']);
    expect(trigramsOf('gta 5')).toEqual(['  5', '  g', ' 5 ', ' gt', 'gta', 'ta ']);
    expect(trigramsOf('aaa aaa')).toEqual(['  a', ' aa', 'aa ', 'aaa']);
    expect(trigramsOf('')).toEqual([]);
    expect(trigramsOf(' - ')).toEqual([]);
  });

  it('gives the documented similarity and word_similarity of "word" and "two words"', () => {
    expect(similarity('word', 'two words')).toBe(f(4, 11));
    expect(similarity('word', 'two words')).toBeCloseTo(0.363636, 6);
    expect(wordSimilarity('word', 'two words')).toBe(f(4, 5));
    expect(wordSimilarity('two words', 'word')).toBe(f(4, 10));
  });

  it.each([
    // a, b, similarity, word_similarity(a, b)
    ['tihef', 'thief 2 the metal age', f(1, 12), f(1, 4)],
    ['cmomand', 'command and conquer 3 tiberium wars', f(1, 9), f(2, 5)],
    ['gta 5', 'grand theft auto 5', f(3, 22), f(1, 3)],
    ['witcher 3', 'witcher 3 wild hunt', f(5, 9), 1],
    ['zelda breath', 'legend of zelda breath of the wild', f(13, 32), 1],
    ['mario', 'super mario bros super mario', f(6, 17), 1],
    ['2', 'witcher 2 assassins of kings', f(1, 14), 1],
    ['a', 'a b', f(1, 2), 1],
    ['ab', 'ab xab ab', f(1, 2), 1],
  ])('similarity(%j, %j) and word_similarity are PostgreSQL’s', (a, b, expectedSimilarity, expectedWord) => {
    expect(similarity(a, b)).toBe(expectedSimilarity);
    expect(wordSimilarity(a, b)).toBe(expectedWord);
  });

  it('gives 0 without trigrams on either side, 1 for texts with the same words', () => {
    expect(similarity('', '')).toBe(0);
    expect(similarity('', 'zelda')).toBe(0);
    expect(similarity('zelda', '')).toBe(0);
    expect(similarity('!!', '!!')).toBe(0);
    expect(wordSimilarity('', 'zelda')).toBe(0);
    expect(wordSimilarity('zelda', '')).toBe(0);
    expect(wordSimilarity('', '')).toBe(0);
    for (const title of TITLES.filter(Boolean)) {
      expect(similarity(title, title)).toBe(1);
      expect(wordSimilarity(title, title)).toBe(1);
    }
    // Words are runs of letters and digits, compared without case, as pg_trgm does.
    expect(similarity('gta-5', 'GTA 5')).toBe(1);
    expect(similarity('wild hunt', 'hunt wild')).toBe(1);
  });

  it('keeps similarity symmetric and word_similarity at least similarity, in float4 values', () => {
    for (const a of TITLES) {
      for (const b of TITLES) {
        const value = similarity(a, b);
        expect(similarity(b, a)).toBe(value);
        expect(wordSimilarity(a, b)).toBeGreaterThanOrEqual(value);
        expect(Math.fround(value)).toBe(value);
        expect(Math.fround(wordSimilarity(a, b))).toBe(wordSimilarity(a, b));
      }
    }
  });

  it('gives the same values through a prepared query, between other calls', () => {
    const queries = ['zelda', 'witcher 3', 'gta 5', 'a', '', 'mario bros'].map(prepareTrigrams);
    for (const text of TITLES) {
      for (const query of queries) {
        // An unrelated call in between must leave no state behind.
        similarity('unrelated words', text);
        expect(similarityTo(query, text)).toBe(similarity(query.text, text));
        wordSimilarity(text, 'another unrelated text');
        expect(wordSimilarityTo(query, text)).toBe(wordSimilarity(query.text, text));
      }
    }
  });

  it('handles texts longer than its scratch buffers', () => {
    const long = Array.from({ length: 300 }, (_, index) => `word${index}`).join(' ');
    expect(similarity(long, long)).toBe(1);
    expect(wordSimilarity('word299', long)).toBe(1);
    expect(wordSimilarity('word42', 'word42')).toBe(1);
  });
});

describe('fuzzystrmatch replicas', () => {
  it('gives the documented levenshtein distances, case-sensitive', () => {
    expect(levenshtein('GUMBO', 'GAMBOL')).toBe(2);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('', '')).toBe(0);
    expect(levenshtein('zelda', 'zelda')).toBe(0);
    expect(levenshtein('a', 'A')).toBe(1);
    expect(levenshtein('witcher', 'wticher')).toBe(2);
  });

  it('gives the documented levenshtein_less_equal: the distance within max, above max otherwise', () => {
    expect(levenshteinLessEqual('extensive', 'exhaustive', 2)).toBe(3);
    expect(levenshteinLessEqual('extensive', 'exhaustive', 4)).toBe(4);
    expect(levenshteinLessEqual('zelda', 'zelda', 0)).toBe(0);
    expect(levenshteinLessEqual('zelda', 'zeldas', 0)).toBe(1);
    expect(levenshteinLessEqual('', 'zelda', 1)).toBeGreaterThan(1);
    expect(levenshteinLessEqual('kitten', 'sitting', -1)).toBe(3);
  });

  it('agrees with levenshtein for every max, both ways round', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () =>
      Array.from({ length: Math.floor(next() * 9) }, () => 'abc '[Math.floor(next() * 4)]).join('');
    for (let run = 0; run < 500; run++) {
      const a = word();
      const b = word();
      const distance = levenshtein(a, b);
      expect(levenshtein(b, a)).toBe(distance);
      for (let max = 0; max <= 5; max++) {
        const limited = levenshteinLessEqual(a, b, max);
        if (distance <= max) expect(limited).toBe(distance);
        else expect(limited).toBeGreaterThan(max);
        expect(levenshteinLessEqual(b, a, max) > max).toBe(limited > max);
      }
    }
  });
});

describe('leastShared', () => {
  it('is the fewest shared trigrams whose share of the query reaches the threshold in float4', () => {
    for (const threshold of [0.3, 0.5, 0.6, 1])
      for (let count = 1; count <= 300; count++) {
        let least = 1;
        while (least < count && Math.fround(least / count) < threshold) least++;
        expect({ count, threshold, least: leastShared(count, threshold) }).toEqual({
          count,
          threshold,
          least,
        });
      }
    // Odd counts: half of 17 is 8.5, so 9 (8 of 17 is 0.47, under the search's 0.5).
    expect(leastShared(17, 0.5)).toBe(9);
    expect(leastShared(10, 0.3)).toBe(3);
  });
});
