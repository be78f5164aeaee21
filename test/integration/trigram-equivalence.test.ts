import pg from 'pg';
import { DEMO_DATA_DIR, normalizeSearchText, readJsonLines } from '@veredicto/db';
import {
  levenshtein,
  levenshteinLessEqual,
  prepareTrigrams,
  similarity,
  similarityTo,
  trigramsOf,
  wordSimilarity,
  wordSimilarityTo,
} from '@veredicto/search/trigram.js';
import { testEnv } from '../support/test-env.js';

// The in-memory search ranks with TypeScript replicas of pg_trgm and fuzzystrmatch: they must give the
// numbers PostgreSQL gives. Thousands of query/title pairs built from the demo catalogue (the kinds of
// queries people type: whole titles, first words, typos, short words, numerals, prefixes) are computed
// both ways. PostgreSQL's float4 results are read as float8, so they arrive unrounded.
const TOLERANCE = 1e-6;
const BATCH = 1000;
const LESS_EQUAL_MAX = 3;

interface PgRow {
  similarity: number;
  word_similarity: number;
  levenshtein: number;
  levenshtein_less_equal: number;
  trigrams: string[];
}

/** mulberry32: the same pairs on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function catalogueTitles(): Promise<string[]> {
  const titles = new Set<string>();
  for await (const record of readJsonLines<{ title: string }>(`${DEMO_DATA_DIR}games.jsonl.gz`)) {
    const title = normalizeSearchText(record.title);
    // fuzzystrmatch refuses texts over 255 characters; titles that long are not realistic anyway.
    if (title && title.length <= 120) titles.add(title);
  }
  return [...titles];
}

function buildPairs(titles: string[]): [string, string][] {
  const next = random(20261130);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  /** Two neighbouring characters swapped, the commonest typo. */
  const swapNeighbours = (text: string) => {
    if (text.length < 2) return text;
    const at = Math.floor(next() * (text.length - 1));
    return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
  };
  const numerals = ['2', '3', '4', '5', '7', '10', '64', '2077', '1', 'a', 'x', 'vs'];
  const step = Math.max(1, Math.floor(titles.length / 520));
  const sample = titles.filter((_, index) => index % step === 0);
  const pairs: [string, string][] = [
    ['', ''],
    ['', 'zelda'],
    ['zelda', ''],
    ['a', 'a'],
    ['a b', 'b a'],
    ['aaa aaa', 'aaa'],
    ['ab', 'ab xab ab'],
    ['abab', 'ab ab ab abab'],
    ['mario', 'super mario bros super mario'],
  ];
  sample.forEach((title, index) => {
    const other = sample[(index * 37 + 11) % sample.length];
    const words = title.split(' ');
    const first = words[0];
    const last = words[words.length - 1];
    const short = words.filter((word) => word.length <= 3);
    const neighbours = words.length > 1 ? words.slice(0, 2).join(' ') : first;
    pairs.push(
      [title, title],
      [title, other],
      [other, title],
      [first, title],
      [first, other],
      [last, title],
      [neighbours, other],
      [swapNeighbours(title), title],
      [swapNeighbours(first), title],
      [short.length ? pick(short) : first.slice(0, 2), other],
      [pick(numerals), next() < 0.5 ? title : other],
      [title.slice(0, Math.max(1, Math.floor(title.length * next()))), title],
    );
  });
  return pairs;
}

describe('trigram and edit-distance replicas against PostgreSQL', () => {
  let db: pg.Pool;

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 1 });
    await db.query('create extension if not exists pg_trgm');
    await db.query('create extension if not exists fuzzystrmatch');
  });

  afterAll(async () => {
    await db.end();
  });

  it('gives the values of similarity, word_similarity, show_trgm, levenshtein and levenshtein_less_equal', async () => {
    const pairs = buildPairs(await catalogueTitles());
    expect(pairs.length).toBeGreaterThanOrEqual(3000);

    const expected: PgRow[] = [];
    for (let offset = 0; offset < pairs.length; offset += BATCH) {
      const batch = pairs.slice(offset, offset + BATCH);
      const { rows } = await db.query<PgRow>(
        `select similarity(a, b)::float8 as similarity,
                word_similarity(a, b)::float8 as word_similarity,
                levenshtein(a, b) as levenshtein,
                levenshtein_less_equal(a, b, $3) as levenshtein_less_equal,
                show_trgm(a) as trigrams
           from unnest($1::text[], $2::text[]) with ordinality as pair(a, b, position)
          order by position`,
        [batch.map(([a]) => a), batch.map(([, b]) => b), LESS_EQUAL_MAX],
      );
      expected.push(...rows);
    }
    expect(expected).toHaveLength(pairs.length);

    const mismatches: string[] = [];
    const differs = (what: string, a: string, b: string, ours: number, theirs: number, tolerance = 0) => {
      if (!(Math.abs(ours - theirs) <= tolerance))
        mismatches.push(`${what}('${a}', '${b}') = ${ours}, pg ${theirs}`);
    };
    pairs.forEach(([a, b], index) => {
      const pgRow = expected[index];
      const query = prepareTrigrams(a);
      differs('similarity', a, b, similarity(a, b), pgRow.similarity, TOLERANCE);
      differs('similarityTo', a, b, similarityTo(query, b), pgRow.similarity, TOLERANCE);
      differs('wordSimilarity', a, b, wordSimilarity(a, b), pgRow.word_similarity, TOLERANCE);
      differs('wordSimilarityTo', a, b, wordSimilarityTo(query, b), pgRow.word_similarity, TOLERANCE);
      differs('levenshtein', a, b, levenshtein(a, b), pgRow.levenshtein);
      const lessEqual = levenshteinLessEqual(a, b, LESS_EQUAL_MAX);
      if (pgRow.levenshtein <= LESS_EQUAL_MAX) {
        differs('levenshteinLessEqual', a, b, lessEqual, pgRow.levenshtein_less_equal);
      } else if (!(lessEqual > LESS_EQUAL_MAX && pgRow.levenshtein_less_equal > LESS_EQUAL_MAX)) {
        mismatches.push(
          `levenshteinLessEqual('${a}', '${b}') = ${lessEqual}, pg ${pgRow.levenshtein_less_equal}`,
        );
      }
      if (trigramsOf(a).join('|') !== pgRow.trigrams.join('|')) mismatches.push(`trigramsOf('${a}')`);
    });
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
