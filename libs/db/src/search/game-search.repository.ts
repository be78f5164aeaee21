import type { ConnectionType, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { GameSummaryRow } from '../games/game-rows.js';
import { summaryColumns, toSummary, type OnGames } from '../games/game-card.js';
import { lengthArgs, lengthCondition, type LengthArgs } from '../games/catalogue-filter.js';
import { currentReadRoute } from '../replication/read-routing.js';
import {
  ADDON_PENALTY,
  CORRECTION_RULES,
  FRANCHISE_TIER,
  SCORE_BONUS_FROM,
  SCORE_BONUS_SCALE,
  SEARCH_SHORTLIST,
  WORD_SIMILARITY_THRESHOLD,
  type CorrectionRow,
  type SearchPageQuery,
  type SearchTerms,
  type WordGroup,
} from './search-terms.js';
import {
  reusableQuery,
  typedRows,
  typedRowsInTransaction,
  type Database,
  type TypedSql,
} from '../typed-sql.js';

/**
 * How many of a query's words (the longest: their trigrams are the rarest) the trigram index looks up;
 * the others are checked with strpos on those few rows. A common word ('the', 'and') has posting lists
 * of tens of thousands of rows that cost more to read than the rows they would rule out.
 */
const INDEXED_WORDS = 2;
const {
  candidates: CORRECTION_CANDIDATES,
  similarity: CORRECTION_SIMILARITY,
  maxEdits: CORRECTION_MAX_EDITS,
  keepSimilarity: CORRECTION_KEEP_SIMILARITY,
  frequencyWeight: CORRECTION_FREQUENCY_WEIGHT,
  lengthChange: CORRECTION_LENGTH_CHANGE,
} = CORRECTION_RULES;

type Ref = Expression<unknown>;

/** Popularity and recency break ties between equally good matches; they never beat a better match. */
const popularity = (
  g: (
    column: 'criticReviewCount' | 'userRatingCount' | 'metascore' | 'igdbRating' | 'releaseDate' | 'addon',
  ) => Ref,
) =>
  sql<number>`(least(ln(1 + ${g('criticReviewCount')} + ${g('userRatingCount')}) / 1.5, 3.5)
    + (case when coalesce(${g('metascore')}, ${g('igdbRating')}) is null then 0
        else 0.3 + greatest(coalesce(${g('metascore')}::float8, ${g('igdbRating')}::float8) - ${SCORE_BONUS_FROM}::float8, 0) / ${SCORE_BONUS_SCALE}::float8 end)
    + coalesce(least(greatest(extract(year from ${g('releaseDate')}) - 1990, 0), 40), 0) / 200.0
    - (case when ${g('addon')} then ${sql.lit(ADDON_PENALTY)}::float8 else 0 end))`;

const gameRef = (eb: OnGames) => (column: Parameters<Parameters<typeof popularity>[0]>[0]) =>
  eb.ref(`g.${column}`);

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

const anyOf = (parts: RawBuilder<unknown>[]) =>
  parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
const allOf = (parts: RawBuilder<unknown>[]) =>
  parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;

/**
 * SearchTerms as the statement's parameters: whole texts for exact matches, LIKE patterns for prefixes,
 * and per variant the words that must all be present (each any of its group): LIKE patterns the trigram
 * index answers ('% ze%' for a word start, which it answers where '%ze%' would scan it whole), and words
 * checked with strpos on what they find.
 */
type SqlTerms = {
  exacts: string[];
  typedExacts: string[];
  prefixes: string[];
  franchisePrefixes: string[];
  allWords: { indexed: string[]; checked: WordGroup[]; indexedGroups: WordGroup[] }[];
};

function toSqlTerms({ exacts, prefixes, franchisePrefixes, allWords, typedExacts }: SearchTerms): SqlTerms {
  return {
    exacts,
    typedExacts,
    prefixes: prefixes.map((text) => `${escapeLike(text)}%`),
    franchisePrefixes: franchisePrefixes.map((text) => `${escapeLike(text)}%`),
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

/** One page of the matches of some terms, with what the search decides on: their count and closeness. */
export interface MatchesPage {
  rows: GameSummaryRow[];
  total: number;
  /** The text as typed is a title or alias, or the start of one. */
  anyAsTyped: boolean;
  /** The trigram similarity to the typed text of the closest match among the best SEARCH_SHORTLIST. */
  closeness: number;
}

/**
 * The search's statements (the flow that runs them is @veredicto/search's searchGames): its candidates
 * come only from conditions the trigram and text_pattern indexes answer. Reads go to a replica when the
 * request allows it (the route is taken when the repository is made, once per search).
 */
export class GameSearchRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly route: ConnectionType = currentReadRoute(),
  ) {}

  /**
   * One page of the matches of `terms` (and, when `typoProbe` is given, of the word similarity to it),
   * with the total; a page past the last match has no row to carry the count or the flag: the first
   * page's gives them.
   */
  async matches(
    terms: SearchTerms,
    fuzzy: string,
    typoProbe: string | null,
    query: SearchPageQuery,
  ): Promise<MatchesPage> {
    const sqlTerms = toSqlTerms(terms);
    const run = (page: number, size: number) => this.runSearch(sqlTerms, fuzzy, typoProbe, query, page, size);
    const rows = await run(query.page, query.size);
    const first = rows.length || query.page === 0 ? rows : await run(0, 1);
    return {
      rows: rows.map(toSummary),
      total: first.length ? Number(first[0].total_matches) : 0,
      anyAsTyped: first[0]?.any_as_typed === true,
      closeness: Number(first[0]?.closeness ?? 0),
    };
  }

  /**
   * The word list's candidates for typed words that are not in it (a known word has no row), each
   * word's best first (see correctionQuery); `swaps` are each word's swaps of two neighbouring letters.
   */
  corrections(words: string[], swaps: string[][]): Promise<CorrectionRow[]> {
    // pg_trgm's default similarity threshold (0.3) misses a swap in a short word ('rign' → 'ring', 0.25).
    // The planner prices the word list's scan low (a few hundred pages) and computes `%`, levenshtein and
    // similarity on every word of it, 46 ms a typed word on the demo catalogue's 31,000 words; the trigram
    // index or'd with the swaps' primary key look-ups takes 13 ms. No sequential scan, for this
    // statement's transaction only (the lookup reads nothing else).
    const settings = sql`select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_SIMILARITY)}, true),
    set_config('enable_seqscan', 'off', true)`;
    const lookup = correctionQuery(this.em, { words, swaps: swaps.map((list) => list.join(' ')) });
    return typedRowsInTransaction(this.em, settings, lookup, this.route);
  }

  /**
   * The catalogue cards of `ids`, in that order (a game removed since the index knew it is left out), and
   * the highest games.search_version in the same statement, to tell whether the index was fresh.
   */
  async summaries(ids: number[]): Promise<{ rows: GameSummaryRow[]; searchVersion: number }> {
    if (!ids.length) return { rows: [], searchVersion: await this.latestVersion() };
    const rows = await typedRows(this.em, summariesQuery(this.em, ids), this.route);
    const byId = new Map(rows.map((row) => [Number(row.id), toSummary(row)]));
    return {
      rows: ids.flatMap((id) => byId.get(id) ?? []),
      searchVersion: Math.max(0, ...rows.map((row) => Number(row.latest ?? 0))),
    };
  }

  /** The highest games.search_version: what an index in memory must have seen to be fresh. */
  async latestVersion(): Promise<number> {
    const [{ latest }] = await typedRows(this.em, latestVersionQuery(this.em, {}), this.route);
    return Number(latest ?? 0);
  }

  /**
   * The best-known title closest to a normalised query, by trigram similarity (pg_trgm.similarity_threshold,
   * 0.3 by default: looser than the search's); null when nothing is even that close.
   */
  async closestTitle(normalized: string, mature = false): Promise<string | null> {
    const [row] = await typedRows(this.em, closestTitleQuery(this.em, { normalized, mature }), this.route);
    return row?.title ?? null;
  }

  /** Which of `ids` are add-ons (DLC, packs...): the suggestions mark them. */
  async addonsAmong(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await typedRows(this.em, addonsQuery(this.em, { ids }), this.route);
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** A game's title by id (the suggestion an index in memory chose); null when the game is gone. */
  async titleOf(id: number): Promise<string | null> {
    const [row] = await typedRows(this.em, titleQuery(this.em, { id }), this.route);
    return row?.title ?? null;
  }

  private runSearch(
    terms: SqlTerms,
    fuzzy: string,
    typoProbe: string | null,
    { spanish, length, mature }: Pick<SearchPageQuery, 'spanish' | 'length' | 'mature'>,
    page: number,
    size: number,
  ): Promise<SearchRow[]> {
    const statement = searchQuery(this.em, {
      terms,
      fuzzy,
      typoProbe,
      spanishAudio: spanish === 'audio',
      spanishText: spanish === 'text',
      length: lengthArgs(length),
      mature: mature === true,
      limit: size,
      offset: page * size,
    });
    if (typoProbe === null) return typedRows(this.em, statement, this.route);
    // A looser word-similarity threshold than pg_trgm's 0.6 lets two-letter typos through ('disco
    // elisyum'); set for this statement's transaction only, on the same (read) connection. No parallel
    // workers either: starting them costs more than this statement's few index scans, and under
    // concurrent searches they only take CPU from the other connections.
    const settings = sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`;
    return typedRowsInTransaction(this.em, settings, statement, this.route);
  }
}

/** The highest games.search_version: what an index in memory must have seen to be fresh. */
const latestVersionQuery = reusableQuery((db) =>
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

type SearchRow = Awaited<ReturnType<ReturnType<typeof buildSearch>['execute']>>[number];

/** The conditions and the tier of `column` (a title's search name or an alias's term) for `terms`. */
function matching(column: Expression<string>, terms: SqlTerms) {
  const exact = anyOf(terms.exacts.map((text) => sql`${column} = ${text}`));
  const prefix = anyOf(terms.prefixes.map((pattern) => sql`${column} like ${pattern}`));
  const franchise = anyOf(terms.franchisePrefixes.map((pattern) => sql`${column} like ${pattern}`));
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
    // Tiers (exact 10, otherwise every word present 2.5, title prefix 1 and the franchise's name as its
    // start FRANCHISE_TIER more); how close the text is (word
    // similarity and similarity, the dear part) is added on the shortlist only.
    tier: sql<number>`(case when ${exact} then 10
      else (case when ${allWords} then 2.5 else 0 end) + (case when ${prefix} then 1 else 0 end)
        + (case when ${franchise} then ${sql.lit(FRANCHISE_TIER)} else 0 end) end)`,
    // The text as typed is a title or alias, or the start of one: no typo to look for.
    asTyped: sql<boolean>`(${exact} or ${prefix})`,
    // The whole text as typed: what finds an adult game (docs/CONTRACT.md §16).
    typedExact: anyOf(terms.typedExacts.map((text) => sql`${column} = ${text}`)),
  };
}

/** The search's statement; its parameters are SearchArgs' values (see reusableQuery). */
type SearchArgs = {
  terms: SqlTerms;
  fuzzy: string;
  typoProbe: string | null;
  /** Only games whose `spanish` verdict says yes for voices, or for texts (shapes of the statement). */
  spanishAudio: boolean;
  spanishText: boolean;
  /** Only games of this length (booleans: shapes of the statement). */
  length: LengthArgs;
  /** Adult games too; otherwise only those with a text equal to one of terms.typedExacts. */
  mature: boolean;
  limit: number;
  offset: number;
};

function buildSearch(
  db: TypedSql,
  { terms, fuzzy, typoProbe, spanishAudio, spanishText, length, mature, limit, offset }: SearchArgs,
) {
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
          found.typedExact.as('typed_exact'),
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
          found.typedExact.as('typed_exact'),
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
            eb.fn<boolean>('bool_or', ['typed_exact']).as('typed_exact'),
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
          })
          .$if(spanishAudio, (q) => q.where('g.spanishAudio', '=', sql.lit('yes')))
          .$if(spanishText, (q) => q.where('g.spanishText', '=', sql.lit('yes')))
          .$if(length !== null, (q) => q.where((eb) => lengthCondition(eb as unknown as OnGames, length!)))
          // An adult game only by a whole title or alias as typed, unless asked for.
          .$if(!mature, (q) =>
            q.where((eb) =>
              eb.or([eb('g.mature', '=', sql.lit(false)), eb('b.typed_exact', '=', sql.lit(true))]),
            ),
          ),
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

const addonsQuery = reusableQuery((db, { ids }: { ids: number[] }) =>
  db
    .selectFrom('Game as g')
    .select('g.id as id')
    .where(sql<boolean>`${sql.ref('g.id')} = any(${ids}::int[])`)
    .where('g.addon', '=', true),
);

const titleQuery = reusableQuery((db, { id }: { id: number }) =>
  db.selectFrom('Game as g').select('g.title as title').where('g.id', '=', id),
);

const closestTitleQuery = reusableQuery(
  (db, { normalized, mature }: { normalized: string; mature: boolean }) =>
    db
      .selectFrom('Game as g')
      .select('g.title as title')
      .where((eb) => sql<SqlBool>`${eb.ref('g.searchName')} % ${normalized}`)
      .$if(!mature, (q) => q.where('g.mature', '=', false))
      .orderBy(
        (eb) => sql`similarity(${normalized}, ${eb.ref('g.searchName')}) + ${popularity(gameRef(eb))} / 10`,
        'desc',
      )
      .orderBy('g.id')
      .limit(1),
);
