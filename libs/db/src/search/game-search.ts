import type { ConnectionType, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { GameSummaryRow, SearchPageQuery, SearchResultPage } from '../games/game.repository.js';
import { summaryColumns, toSummary, type OnGames } from '../games/game-card.js';
import { compactSearchText, expandFranchises, normalizeSearchText } from '../games/search-text.js';
import { currentReadRoute } from '../replication/read-routing.js';
import {
  SEARCH_SHORTLIST,
  type CorrectionRow,
  type CorrectionRules,
  type SearchIndex,
  type SearchTerms,
  type WordGroup,
} from './search-index.js';
import {
  reusableQuery,
  typedRows,
  typedRowsInTransaction,
  type Database,
  type TypedSql,
} from '../typed-sql.js';

/** The last resort's word-similarity threshold (pg_trgm's own is 0.6): lets 'disco elisyum' through. */
const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Fewer matches than this as typed: the search also looks for typos. */
const TYPO_FALLBACK_BELOW = 10;
/**
 * How many of a query's words (the longest: their trigrams are the rarest) the trigram index looks up;
 * the others are checked with strpos on those few rows. A common word ('the', 'and') has posting lists
 * of tens of thousands of rows that cost more to read than the rows they would rule out.
 */
const INDEXED_WORDS = 2;
/** How many of a query's first words the last resort's typo look-up compares with titles. */
const TYPO_PROBE_WORDS = 4;
/** Words shorter than this have no trigram of their own: never corrected, never in the word list. */
const CORRECTED_WORD_LENGTH = 3;
/**
 * The closest words of the word list a typed word may stand for (see correctionQuery): its swaps of two
 * neighbouring letters that are words, and the words whose similarity to it is at least
 * CORRECTION_SIMILARITY (pg_trgm.similarity_threshold for the `%` operator the index answers). Ranked
 * swap first, then by levenshtein distance, then similarity plus a small bonus for frequent words
 * (CORRECTION_FREQUENCY_WEIGHT per unit of ln(1 + frequency)).
 */
const CORRECTION_CANDIDATES = 3;
const CORRECTION_SIMILARITY = 0.2;
/** A candidate is kept when a swap, at most this many edits away (levenshtein), or this similar. */
const CORRECTION_MAX_EDITS = 2;
const CORRECTION_KEEP_SIMILARITY = 0.3;
const CORRECTION_FREQUENCY_WEIGHT = 0.05;
const CORRECTION_LENGTH_CHANGE = 2;
/**
 * The least similarity to what was typed (the whole text, trigram similarity) of the best match of
 * corrected words, unless every typed word in no title is a swap of two letters of a known word
 * ('ioslation' → 'isolation', whose titles are only 0.3 similar to it): below it the
 * corrections found only neighbours and the search goes on to its last resort, which compares the
 * whole text with every title.
 */
const CORRECTION_MIN_CLOSENESS = 0.5;
/** How many of a query's words are looked up in the word list (as many as the search compares). */
const QUERY_WORDS = 8;

type Ref = Expression<unknown>;

/** Popularity and recency break ties between equally good matches; they never beat a better match. */
const popularity = (
  g: (column: 'criticReviewCount' | 'userRatingCount' | 'metascore' | 'igdbRating' | 'releaseDate') => Ref,
) =>
  sql<number>`(least(ln(1 + ${g('criticReviewCount')} + ${g('userRatingCount')}) / 1.5, 3.5)
    + (case when ${g('metascore')} is not null or ${g('igdbRating')} is not null then 0.3 else 0 end)
    + coalesce(least(greatest(extract(year from ${g('releaseDate')}) - 1990, 0), 40), 0) / 200.0)`;

const gameRef = (eb: OnGames) => (column: Parameters<Parameters<typeof popularity>[0]>[0]) =>
  eb.ref(`g.${column}`);

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

const anyOf = (parts: RawBuilder<unknown>[]) =>
  parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
const allOf = (parts: RawBuilder<unknown>[]) =>
  parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;

/**
 * Each variant's words as conditions. Words under 3 characters have no trigram of their own: they count
 * only when nothing longer is typed, and then as the start of a word after the first (the title's own
 * start is the prefix condition).
 */
function termsOf(
  exacts: string[],
  prefixes: string[],
  variants: { words: string[]; groups: WordGroup[] }[],
): SearchTerms {
  const allWords = variants.flatMap<SearchTerms['allWords'][number]>(({ words, groups }) => {
    if (groups.length) return [{ wordStarts: [], groups }];
    const short = words.filter((word) => word.length < CORRECTED_WORD_LENGTH);
    // Every long word of a corrected text was dropped: no "every word" condition for it.
    if (short.length < words.length || !short.length) return [];
    return [{ wordStarts: short, groups: [] }];
  });
  return { exacts, prefixes, allWords };
}

/**
 * SearchTerms as the statement's parameters: whole texts for exact matches, LIKE patterns for prefixes,
 * and per variant the words that must all be present (each any of its group): LIKE patterns the trigram
 * index answers ('% ze%' for a word start, which it answers where '%ze%' would scan it whole), and words
 * checked with strpos on what they find.
 */
type SqlTerms = {
  exacts: string[];
  prefixes: string[];
  allWords: { indexed: string[]; checked: WordGroup[]; indexedGroups: WordGroup[] }[];
};

function toSqlTerms({ exacts, prefixes, allWords }: SearchTerms): SqlTerms {
  return {
    exacts,
    prefixes: prefixes.map((text) => `${escapeLike(text)}%`),
    allWords: allWords.map(({ wordStarts, groups }) => {
      // The group whose shortest word is the longest has the rarest trigrams.
      const shortest = (group: WordGroup) => Math.min(...group.map((word) => word.length));
      const byLength = [...groups].sort((a, b) => shortest(b) - shortest(a));
      return {
        indexed: wordStarts.map((word) => `% ${escapeLike(word)}%`),
        indexedGroups: byLength
          .slice(0, INDEXED_WORDS)
          .map((group) => group.map((word) => `%${escapeLike(word)}%`)),
        checked: byLength.slice(INDEXED_WORDS),
      };
    }),
  };
}

/** The typed text's variants (as normalised, with franchise abbreviations written out) and their words. */
function typedVariants(normalized: string) {
  const expanded = expandFranchises(normalized);
  const texts = expanded ? [normalized, expanded] : [normalized];
  const variants = texts.map((text) => {
    const words = [...new Set(text.split(' '))].slice(0, QUERY_WORDS);
    return {
      text,
      words,
      groups: words.filter((word) => word.length >= CORRECTED_WORD_LENGTH).map((word) => [word]),
    };
  });
  return { fuzzy: expanded ?? normalized, texts, variants };
}

/** Removes words that contain another word of the group: '%knight%' already finds 'knights'. */
const withoutContaining = (group: WordGroup) =>
  group.filter((word) => !group.some((other) => other !== word && word.includes(other)));

/**
 * The search's two cheap steps, run by the database (databaseSteps) or by an API process's index in
 * memory (memorySteps): one page of the matches of some terms, and the word list's candidates for typed
 * words. Both give the same answers (test/integration/search-index.test.ts compares them).
 */
interface SearchSteps {
  /** A page of the matches of `terms`; with `probe`, of the texts word-similar to it as well. */
  page(terms: SearchTerms, fuzzy: string, query: SearchPageQuery, probe?: string): Promise<PageRun>;
  corrections(words: string[], swaps: string[][]): Promise<CorrectionRow[]>;
}

/** A page of matches: what the search decides on, and its rows, read when it is the answer. */
interface PageRun {
  total: number;
  anyAsTyped: boolean;
  closeness: number;
  rows(): Promise<SearchResultPage>;
}

/** The database's correction thresholds, for the index in memory. */
const CORRECTION_RULES: CorrectionRules = {
  candidates: CORRECTION_CANDIDATES,
  similarity: CORRECTION_SIMILARITY,
  maxEdits: CORRECTION_MAX_EDITS,
  keepSimilarity: CORRECTION_KEEP_SIMILARITY,
  frequencyWeight: CORRECTION_FREQUENCY_WEIGHT,
  lengthChange: CORRECTION_LENGTH_CHANGE,
};

/**
 * The search of games by name: see GameRepository.search. With an index in memory (an API process's,
 * kept fresh by SearchIndexStore) the matches and corrections are found there and only the page's rows
 * are read; without it, by the database, whose candidates come only from conditions the trigram and
 * text_pattern indexes answer. `total` counts every match. The last resort (a text garbled beyond its
 * words) is always the database's. Reads go to a replica when the request allows it.
 */
export async function searchGames(
  em: SqlEntityManager,
  text: string,
  query: SearchPageQuery,
  index?: SearchIndex,
): Promise<SearchResultPage> {
  const normalized = normalizeSearchText(text);
  if (!normalized) return { rows: [], total: 0 };
  const reader: Reader = { em, route: currentReadRoute() };
  const steps = index ? memorySteps(reader, index) : databaseSteps(reader);
  const { fuzzy, texts, variants } = typedVariants(normalized);
  const exacts = [...new Set([...texts, compactSearchText(normalized)])];
  const typed = termsOf(exacts, texts, variants);

  const cheap = await steps.page(typed, fuzzy, query);
  // Typos are looked for only when what was typed is (nearly) nowhere as it is, and is not a title or
  // alias or the start of one (a whole title typed finds itself; corrections would only add loose
  // neighbours). The same query always takes the same path, so its count and its pages agree.
  if (cheap.total >= TYPO_FALLBACK_BELOW || cheap.anyAsTyped) return cheap.rows();

  // Words of the query that are in no title or alias get their closest words of the word list; the
  // corrected texts go through the same cheap conditions, ranked by their similarity to what was typed.
  const { corrections, sure } = await correctWords(steps, [
    ...new Set(variants.flatMap(({ groups }) => groups.flat())),
  ]);
  if (corrections.size) {
    const corrected = variants.map(({ words }) => {
      const groups = words
        .filter((word) => word.length >= CORRECTED_WORD_LENGTH)
        .map((word) => withoutContaining(corrections.get(word) ?? [word]))
        .filter((group) => group.length > 0);
      // The best correction of each word; a word with none stays as typed (it only fails to match).
      const best = words.map((word) => corrections.get(word)?.[0] ?? word).join(' ');
      return { text: best, words, groups };
    });
    const correctedTexts = [...new Set(corrected.map(({ text: best }) => best))];
    // Every typed word dropped and no text corrected: nothing new to look for.
    const nothingNew =
      corrected.every(({ groups }) => groups.length === 0) &&
      correctedTexts.every((correctedText) => texts.includes(correctedText));
    const terms = termsOf(
      [...new Set([...exacts, ...correctedTexts])],
      [...new Set([...texts, ...correctedTexts])],
      [...variants, ...corrected],
    );
    const found = nothingNew ? null : await steps.page(terms, fuzzy, query);
    if (found && found.total > 0 && (sure || found.closeness >= CORRECTION_MIN_CLOSENESS))
      return found.rows();
  } else if (cheap.total > 0) {
    return cheap.rows();
  }
  // The last resort: the word similarity of the whole text to every title and alias, what finds a title
  // garbled beyond its words (the database's dearest part, ~10-50 ms on 200k games; ~1-3 ms in memory).
  const probe = fuzzy.split(' ').slice(0, TYPO_PROBE_WORDS).join(' ');
  return (await steps.page(typed, fuzzy, query, probe)).rows();
}

/** The cheap steps by the database. */
function databaseSteps(reader: Reader): SearchSteps {
  return {
    page: (terms, fuzzy, query, probe) => runPage(reader, toSqlTerms(terms), fuzzy, probe ?? null, query),
    corrections: async (words, swaps) => {
      // pg_trgm's default similarity threshold (0.3) misses a swap in a short word ('rign' → 'ring', 0.25).
      const threshold = sql`select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_SIMILARITY)}, true)`;
      const lookup = correctionQuery(reader.em, { words, swaps: swaps.map((list) => list.join(' ')) });
      return typedRowsInTransaction(reader.em, threshold, lookup, reader.route);
    },
  };
}

/** The cheap steps by an index in memory; only the page's rows are read, by id. */
function memorySteps(reader: Reader, index: SearchIndex): SearchSteps {
  return {
    page: (terms, fuzzy, query, probe) => {
      const found = index.page(
        terms,
        fuzzy,
        query.page * query.size,
        query.size,
        probe === undefined ? undefined : { text: probe, threshold: WORD_SIMILARITY_THRESHOLD },
      );
      return Promise.resolve({
        ...found,
        rows: async () => ({ ...(await readSummaries(reader, found.gameIds)), total: found.total }),
      });
    },
    corrections: (words, swaps) => Promise.resolve(index.corrections(words, swaps, CORRECTION_RULES)),
  };
}

/**
 * The catalogue cards of `ids`, in that order (a game removed since the index knew it is left out), and
 * the highest games.search_version in the same statement, to tell whether the index was fresh.
 */
async function readSummaries(
  { em, route }: Reader,
  ids: number[],
): Promise<{ rows: GameSummaryRow[]; searchVersion: number }> {
  if (!ids.length) {
    const [{ latest }] = await typedRows(em, latestVersionQuery(em, {}), route);
    return { rows: [], searchVersion: Number(latest ?? 0) };
  }
  const rows = await typedRows(em, summariesQuery(em, ids), route);
  const byId = new Map(rows.map((row) => [Number(row.id), toSummary(row)]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    searchVersion: Math.max(0, ...rows.map((row) => Number(row.latest ?? 0))),
  };
}

/** The highest games.search_version: what an index in memory must have seen to be fresh. */
export const latestVersionQuery = reusableQuery((db) =>
  db.selectFrom('Game as v').select((eb) => eb.fn.max('v.searchVersion').as('latest')),
);

const summariesQuery = reusableQuery((db, ids: number[]) =>
  db
    .selectFrom('Game as g')
    .select(summaryColumns)
    .select([
      sql<string>`0`.as('total_matches'),
      sql<boolean>`false`.as('any_as_typed'),
      sql<number>`0`.as('closeness'),
      (eb) =>
        eb
          .selectFrom('Game as v')
          .select((inner) => inner.fn.max('v.searchVersion').as('latest'))
          .as('latest'),
    ])
    .where('g.id', 'in', ids),
);

/**
 * The query words that are in no title or alias, each with the closest words of the word list (the best
 * few; none when nothing is close; a word's swaps alone when it has any), and whether every one of them
 * is a swap of a known word (a sure correction). A known word has no entry.
 */
async function correctWords(
  steps: SearchSteps,
  words: string[],
): Promise<{ corrections: Map<string, string[]>; sure: boolean }> {
  const corrections = new Map<string, string[]>();
  if (!words.length) return { corrections, sure: false };
  const rows = await steps.corrections(words, words.map(swapsOf));
  let sure = rows.length > 0;
  const swapped = new Set<string>();
  for (const row of rows) {
    const found = corrections.get(row.typed);
    // A word's rows come best first: a swap of its letters that is a word is taken alone (its swaps
    // only); otherwise its candidates are looser and the correction is not sure.
    if (!found && row.swap === true) swapped.add(row.typed);
    if (!found && row.swap !== true) sure = false;
    const candidates = found ?? [];
    if (row.word && (row.swap === true || !swapped.has(row.typed))) candidates.push(row.word);
    corrections.set(row.typed, candidates);
  }
  return { corrections, sure };
}

/** The word with two neighbouring letters swapped, every way: the commonest typo ('kinght'). */
function swapsOf(word: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...swaps];
}

/**
 * Candidates: the words of the list trigram-similar to the typed one (pg_trgm.similarity_threshold,
 * length within CORRECTION_LENGTH_CHANGE), and its swaps of two neighbouring letters that are words.
 * Ranked by edit distance (a swap first; then levenshtein: 'rign' is 1 edit from 'rig' and 'reign' but
 * only a swap from 'ring'), then similarity and frequency; kept when a swap, at most
 * CORRECTION_MAX_EDITS edits, or CORRECTION_KEEP_SIMILARITY similar.
 */
type CandidateRefs = ExpressionBuilder<
  { w: Database['SearchWord']; q: { typed: string; swaps: string } },
  'w' | 'q'
>;

/** A candidate word `w` of the typed word `q`: is it a swap, its edits and its similarity. */
function candidate(eb: CandidateRefs) {
  const word = eb.ref('w.word');
  const typed = eb.ref('q.typed');
  return {
    word,
    typed,
    frequency: eb.ref('w.frequency'),
    swap: sql<boolean>`(${word} = any (string_to_array(${eb.ref('q.swaps')}, ' ')))`,
    edits: sql<number>`levenshtein_less_equal(${word}, ${typed}, ${CORRECTION_MAX_EDITS + 1})`,
    similarity: sql<number>`similarity(${word}, ${typed})`,
  };
}

const correctionQuery = reusableQuery((db, { words, swaps }: { words: string[]; swaps: string[] }) =>
  db
    .with('q', (qb) =>
      // Two arrays of one length unnested side by side: each typed word with its swaps.
      qb.selectNoFrom([
        sql<string>`unnest(${sql.val(words)}::text[])`.as('typed'),
        sql<string>`unnest(${sql.val(swaps)}::text[])`.as('swaps'),
      ]),
    )
    .selectFrom('q')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('SearchWord as w')
          .select((inner) => {
            const { swap, edits, similarity, frequency } = candidate(inner);
            return [
              'w.word',
              swap.as('swap'),
              edits.as('edits'),
              sql<number>`${similarity} + ln(1 + ${frequency}) * ${CORRECTION_FREQUENCY_WEIGHT}`.as('score'),
            ];
          })
          // A typo changes a word's length by a letter or two: 'ioslation' is not 'nation', whose
          // thousands of titles would only cost time.
          .where((inner) => {
            const { word, typed, swap } = candidate(inner);
            return sql<SqlBool>`((${word} % ${typed}
              and abs(length(${word}) - length(${typed})) <= ${CORRECTION_LENGTH_CHANGE}) or ${swap})`;
          })
          .where((inner) => {
            const { swap, edits, similarity } = candidate(inner);
            return sql<SqlBool>`(${swap} or ${edits} <= ${CORRECTION_MAX_EDITS} or ${similarity} >= ${CORRECTION_KEEP_SIMILARITY})`;
          })
          .orderBy('swap', 'desc')
          .orderBy('edits')
          .orderBy('score', 'desc')
          .orderBy('w.word')
          .limit(CORRECTION_CANDIDATES)
          .as('c'),
      (join) => join.onTrue(),
    )
    .select(['q.typed as typed', 'c.word as word', 'c.swap as swap', 'c.edits as edits'])
    // A known word looks nothing up (a filter evaluated once per query word, before the lateral scan).
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('SearchWord as k').select('k.word').whereRef('k.word', '=', 'q.typed'))),
    )
    // Each word's candidates best first.
    .orderBy('q.typed')
    .orderBy('c.swap', 'desc')
    .orderBy('c.edits')
    .orderBy('c.score', 'desc')
    .orderBy('c.word'),
);

/**
 * One page of the matches of `terms` (and, when `typoProbe` is given, of the word similarity to it),
 * with the total; a page past the last match has no row to carry the count or the flag: the first
 * page's gives them.
 */
async function runPage(
  reader: Reader,
  terms: SqlTerms,
  fuzzy: string,
  typoProbe: string | null,
  query: SearchPageQuery,
): Promise<PageRun> {
  const rows = await runSearch(reader, terms, fuzzy, typoProbe, query.page, query.size);
  const first =
    rows.length || query.page === 0 ? rows : await runSearch(reader, terms, fuzzy, typoProbe, 0, 1);
  const total = first.length ? Number(first[0].total_matches) : 0;
  return {
    rows: () => Promise.resolve({ rows: rows.map(toSummary), total }),
    total,
    anyAsTyped: first[0]?.any_as_typed === true,
    closeness: Number(first[0]?.closeness ?? 0),
  };
}

/** Where a search reads: the EntityManager and the connection its statements run on. */
interface Reader {
  em: SqlEntityManager;
  route: ConnectionType;
}

type SearchRow = Awaited<ReturnType<ReturnType<typeof buildSearch>['execute']>>[number];

function runSearch(
  { em, route }: Reader,
  terms: SqlTerms,
  fuzzy: string,
  typoProbe: string | null,
  page: number,
  size: number,
): Promise<SearchRow[]> {
  const statement = searchQuery(em, { terms, fuzzy, typoProbe, limit: size, offset: page * size });
  if (typoProbe === null) return typedRows(em, statement, route);
  // A looser word-similarity threshold than pg_trgm's 0.6 lets two-letter typos through ('disco
  // elisyum'); set for this statement's transaction only, on the same (read) connection. No parallel
  // workers either: starting them costs more than this statement's few index scans, and under
  // concurrent searches they only take CPU from the other connections.
  const settings = sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`;
  return typedRowsInTransaction(em, settings, statement, route);
}

/** The conditions and the tier of `column` (a title's search name or an alias's term) for `terms`. */
function matching(column: Expression<string>, terms: SqlTerms) {
  const exact = anyOf(terms.exacts.map((text) => sql`${column} = ${text}`));
  const prefix = anyOf(terms.prefixes.map((pattern) => sql`${column} like ${pattern}`));
  // Every word present: the longest through the trigram index, the rest by strpos on what they find.
  const allWords = anyOf(
    terms.allWords.map(({ indexed, indexedGroups, checked }) =>
      allOf([
        ...indexed.map((pattern) => sql`${column} like ${pattern}`),
        ...indexedGroups.map((group) => anyOf(group.map((pattern) => sql`${column} like ${pattern}`))),
        ...checked.map((group) => anyOf(group.map((word) => sql`strpos(${column}, ${word}) > 0`))),
      ]),
    ),
  );
  return {
    // Cheap conditions: exact, prefix, every word present; the trigram and text_pattern indexes answer
    // them in about a millisecond.
    cheap: sql<SqlBool>`(${exact} or ${prefix} or ${allWords})`,
    // Tiers (exact 10, otherwise every word present 2.5 and title prefix 1); how close the text is (word
    // similarity and similarity, the dear part) is added on the shortlist only.
    tier: sql<number>`(case when ${exact} then 10
      else (case when ${allWords} then 2.5 else 0 end) + (case when ${prefix} then 1 else 0 end) end)`,
    // The text as typed is a title or alias, or the start of one: no typo to look for.
    asTyped: sql<boolean>`(${exact} or ${prefix})`,
  };
}

/** The search's statement; its parameters are SearchArgs' values (see reusableQuery). */
type SearchArgs = {
  terms: SqlTerms;
  fuzzy: string;
  typoProbe: string | null;
  limit: number;
  offset: number;
};

function buildSearch(db: TypedSql, { terms, fuzzy, typoProbe, limit, offset }: SearchArgs) {
  // Each condition its own branch, so each is one index scan without rechecking the others.
  const fromGames = (where: (column: Expression<string>) => Expression<SqlBool>) =>
    db
      .selectFrom('Game as g')
      .select((eb) => {
        const found = matching(eb.ref('g.searchName'), terms);
        return [
          eb.ref('g.id').as('game_id'),
          sql<number>`${found.tier}`.as('tier'),
          eb.ref('g.searchName').as('text'),
          found.asTyped.as('as_typed'),
        ];
      })
      .where((eb) => where(eb.ref('g.searchName')));
  const fromAliases = (where: (column: Expression<string>) => Expression<SqlBool>) =>
    db
      .selectFrom('GameAlias as a')
      .select((eb) => {
        const found = matching(eb.ref('a.term'), terms);
        return [
          eb.ref('a.game').as('game_id'),
          sql<number>`${found.tier} - (case when ${eb.ref('a.kind')} = 'acronym' then 1.5 else 0.5 end)`.as(
            'tier',
          ),
          eb.ref('a.term').as('text'),
          found.asTyped.as('as_typed'),
        ];
      })
      .where((eb) => where(eb.ref('a.term')));
  const cheap = (column: Expression<string>) => matching(column, terms).cheap;
  const similar = (column: Expression<string>) => sql<SqlBool>`${typoProbe} <% ${column}`;
  let matches = fromGames(cheap).unionAll(fromAliases(cheap));
  if (typoProbe !== null) matches = matches.unionAll(fromGames(similar)).unionAll(fromAliases(similar));

  // A common word matches thousands of games: every match is counted and ordered by tier and popularity,
  // but only the best SHORTLIST of them get the similarity terms (two trigram comparisons per row, most
  // of the search's time); the rest follow them in the rough order.
  return (
    db
      .with(
        (cte) => cte('matches').materialized(),
        () => matches,
      )
      .with('best', (qb) =>
        qb
          .selectFrom('matches')
          .select((eb) => [
            'game_id',
            eb.fn.max('tier').as('tier'),
            eb.fn<boolean>('bool_or', ['as_typed']).as('as_typed'),
          ])
          .groupBy('game_id'),
      )
      .with('counted', (qb) =>
        qb
          .selectFrom('best as b')
          .innerJoin('Game as g', 'g.id', 'b.game_id')
          .select((eb) => {
            const popular = popularity(gameRef(eb as unknown as OnGames));
            return [
              'b.game_id',
              popular.as('popularity'),
              sql<number>`${eb.ref('b.tier')} + ${popular}`.as('rough'),
              sql<string>`count(*) over ()`.as('total_matches'),
              sql<boolean>`bool_or(${eb.ref('b.as_typed')}) over ()`.as('any_as_typed'),
            ];
          }),
      )
      .with('shortlist', (qb) =>
        qb
          .selectFrom('counted')
          .selectAll()
          .orderBy('rough', 'desc')
          .orderBy('game_id')
          .limit(SEARCH_SHORTLIST),
      )
      .with('scored', (qb) =>
        qb
          .selectFrom('shortlist as s')
          .innerJoin('matches as m', 'm.game_id', 's.game_id')
          .select((eb) => [
            's.game_id',
            's.total_matches',
            's.any_as_typed',
            sql<number>`1`.as('listed'),
            sql<number>`max(similarity(${fuzzy}, ${eb.ref('m.text')}))`.as('closeness'),
            sql<number>`max(${eb.ref('m.tier')} + word_similarity(${fuzzy}, ${eb.ref('m.text')}) * 3
            + similarity(${fuzzy}, ${eb.ref('m.text')})) + ${eb.ref('s.popularity')}`.as('rank'),
          ])
          .groupBy(['s.game_id', 's.total_matches', 's.any_as_typed', 's.popularity']),
      )
      // Ranked on the few columns it needs; the page's rows alone are then read and formatted.
      .with('ranked', (qb) =>
        qb
          .selectFrom((inner) =>
            inner
              .selectFrom('scored')
              .select(['game_id', 'total_matches', 'any_as_typed', 'listed', 'rank'])
              .unionAll(
                inner
                  .selectFrom('counted as c')
                  .select((eb) => [
                    'c.game_id',
                    'c.total_matches',
                    'c.any_as_typed',
                    sql<number>`0`.as('listed'),
                    eb.ref('c.rough').as('rank'),
                  ])
                  .where((eb) =>
                    eb.not(
                      eb.exists(
                        eb
                          .selectFrom('shortlist as s')
                          .select('s.game_id')
                          .whereRef('s.game_id', '=', 'c.game_id'),
                      ),
                    ),
                  ),
              )
              .as('everything'),
          )
          .selectAll()
          .orderBy('listed', 'desc')
          .orderBy('rank', 'desc')
          .orderBy('game_id')
          .limit(limit)
          .offset(offset),
      )
      .selectFrom('ranked as r')
      .innerJoin('Game as g', 'g.id', 'r.game_id')
      .select(summaryColumns)
      .select((eb) => [
        'r.total_matches as total_matches',
        'r.any_as_typed as any_as_typed',
        // How close the closest match is to what was typed: a correction that finds only loose matches
        // is no answer.
        eb
          .selectFrom('scored')
          .select((inner) => inner.fn.max('closeness').as('closest'))
          .as('closeness'),
      ])
      .orderBy('r.listed', 'desc')
      .orderBy('r.rank', 'desc')
      .orderBy('g.id')
  );
}

// Not prepared: its shapes (words, variants, corrections) are many and each plan is large, and an API
// process runs it only until its index is loaded.
const searchQuery = reusableQuery(buildSearch, { prepare: false });

/**
 * The best-known title closest to a query that found nothing ('¿Quizás buscabas…?'), by trigram
 * similarity (pg_trgm.similarity_threshold, 0.3 by default: looser than the search's); null when nothing
 * is even that close.
 */
export async function didYouMeanTitle(em: SqlEntityManager, text: string): Promise<string | null> {
  const normalized = normalizeSearchText(text);
  if (normalized.length < 3) return null;
  const route = currentReadRoute();
  const [row] = await typedRows(em, closestTitleQuery(em, normalized), route);
  return row?.title ?? null;
}

const closestTitleQuery = reusableQuery((db, normalized: string) =>
  db
    .selectFrom('Game as g')
    .select('g.title as title')
    .where((eb) => sql<SqlBool>`${eb.ref('g.searchName')} % ${normalized}`)
    .orderBy(
      (eb) => sql`similarity(${normalized}, ${eb.ref('g.searchName')}) + ${popularity(gameRef(eb))} / 10`,
      'desc',
    )
    .orderBy('g.id')
    .limit(1),
);
