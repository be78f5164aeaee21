/** The search benchmark's queries, shared by the long-tail benchmark and the search profile. */
import pg from 'pg';

/** A small deterministic PRNG (mulberry32): the same paths on every run. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * More than 1,000 distinct queries as people type them, from titles of the catalogue: whole titles in
 * lower case without accents, their first one to three words, a typo (two letters swapped) and a few
 * abbreviations, numerals and Spanish titles.
 */
export async function searchQueries(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ title: string }>(
      `select title from games where length(title) between 4 and 60 order by md5(igdb_id::text) limit 1500`,
    );
    const next = random(14);
    const queries = new Set<string>([
      'gta 5',
      'ff7',
      'botw',
      'rdr2',
      'tlou 2',
      'baldurs gate 3',
      'pokemon escarlata',
      'hollow knigth',
      'eldn ring',
      'smash',
      'cod',
      'zelda',
      'mario kart',
      'witcher 3',
    ]);
    for (const { title } of rows) {
      const plain = title
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9 ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const words = plain.split(' ').filter(Boolean);
      if (words.length === 0) continue;
      const kind = next();
      if (kind < 0.35) queries.add(plain);
      else if (kind < 0.75) queries.add(words.slice(0, 1 + Math.floor(next() * 3)).join(' '));
      else {
        const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
        if (longest.length < 5) continue;
        const at = 1 + Math.floor(next() * (longest.length - 2));
        const typo = longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2);
        queries.add(plain.replace(longest, typo));
      }
    }
    return [...queries].filter((query) => query.length >= 2 && query.length <= 100);
  } finally {
    await client.end();
  }
}
