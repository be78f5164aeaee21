import { EntityRepository } from '@mikro-orm/postgresql';
import type { Game, GameVideo, ReleaseDatePrecision, SpanishTextSource } from './game.entity.js';
import type { AliasKind } from '../search/game-alias.entity.js';
import {
  renormalizeAliasTerms,
  replaceGameAliases,
  type GameAliasReplacement,
} from '../search/game-alias.repository.js';
import { compactSearchText, expandFranchises, normalizeSearchText, titleAcronyms } from './search-text.js';
import { currentReadRoute } from '../replication/read-routing.js';

export type GameSort = 'releaseDate' | 'avRatings' | 'avUserRatings';

export interface GameSummaryRow {
  id: number;
  igdbId: number;
  slug: string;
  title: string;
  imageCover: string | null;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
}

/** What a game page shows beyond a catalogue card; imported from the sources as it is. */
export interface GameMediaFields {
  imageArt: string | null;
  summary: string | null;
  genres: string[];
  developers: string[];
  publishers: string[];
  screenshots: string[];
  bigScreenshots: string[];
  videos: GameVideo[];
}

/** The Spanish text of a game: from the seed file or a translation job (see `summaryEsSource`). */
export interface GameSpanishFields {
  titleEs: string | null;
  summaryEs: string | null;
  summaryEsSource: SpanishTextSource | null;
  genresEs: string[];
}

/** Everything the game page shows of a game (game.presenter.ts turns it into the API's shape). */
export interface GameDetailRow extends GameSummaryRow, GameMediaFields, GameSpanishFields, GameScoreStats {}

/** One line of the Spanish seed file (`summaries-es.jsonl.gz`). */
export interface SpanishContentRow {
  igdbId: number;
  titleEs: string | null;
  summaryEs: string | null;
  genresEs: string[];
}

/** How long a game whose translation failed is left out of the translation sweep. */
const TRANSLATION_RETRY_DAYS = 7;

export interface GamePageQuery {
  page: number;
  size: number;
  platform?: string;
  sortBy: GameSort;
}

export interface AverageResult {
  avRatings: number | null;
  criticReviewCount: number;
  avUserRatings: number | null;
  userRatingCount: number;
}

/** decisions.md section 8: below these counts of scored reviews (or ratings) a figure is null. */
export const SCORE_MINIMUMS = { critic: 4, best: 7, spanishPress: 3, player: 1 } as const;

/**
 * sortBy=avUserRatings ranks by a Bayesian weighted rating, (v·R + m·C) / (v + m), where R is the plain
 * mean of the game's v ratings: a game with few ratings is pulled towards the prior C, so one 100
 * (72,7) cannot outrank thirty 90s (85). C is a fixed typical score rather than the catalogue's mean, so
 * a game's rank never changes because other games were rated.
 */
export const PLAYER_RANK_PRIOR = { m: 10, C: 70 } as const;

/** Critic tiers by the game's critic-average percentile in the catalogue (top 10 %, next 30 %, next 30 %, rest). */
export const CRITIC_TIERS = [
  { topShare: 0.1, label: 'Excepcional' },
  { topShare: 0.4, label: 'Notable' },
  { topShare: 0.7, label: 'Correcto' },
  { topShare: 1, label: 'Flojo' },
] as const;

export type CriticTier = (typeof CRITIC_TIERS)[number]['label'];

/** The tier of a game when `above` of the `total` games with a shown critic average score higher. */
export function criticTierFor(above: number, total: number): CriticTier | null {
  if (total <= 0) return null;
  const share = above / total;
  return (CRITIC_TIERS.find((tier) => share < tier.topShare) ?? CRITIC_TIERS[CRITIC_TIERS.length - 1]).label;
}

/** The figures of the game page (decisions.md section 8); tier is read against the catalogue. */
export interface GameScoreStats {
  criticStats: {
    count: number;
    average: number | null;
    median: number | null;
    histogram: number[];
    percentRecommended: number | null;
    tier: CriticTier | null;
  };
  spanishPress: { count: number; average: number | null };
  playerStats: { count: number; average: number | null; histogram: number[] };
}

const BANDS = Array.from({ length: 10 }, (_, band) => band);

/** Ten counts of `column` per band 0-9, 10-19, ..., 90-100, as an int[]. */
const histogramSql = (column: string) =>
  `array[${BANDS.map((band) =>
    band === 9
      ? `count(*) filter (where ${column} >= 90)`
      : `count(*) filter (where ${column} >= ${band * 10} and ${column} < ${band * 10 + 10})`,
  ).join(', ')}]::int[]`;

/**
 * Every stored figure of a game from its source rows (scored media reviews with their outlet's registry
 * row, players' ratings): one row per game of `games g2` filtered by `where`. Minimums apply here, so
 * the stored columns are exactly what the API shows.
 */
const statsSql = (where: string, reviewFilter: string, ratingFilter: string) => `
  with m as (select mr.game_id, mr.rating, o.language, o.median_score
               from media_reviews mr left join outlets o on o.name = mr.outlet
               where mr.rating is not null ${reviewFilter}),
       ms as (select game_id, count(*)::int as total, avg(rating) as mean,
                percentile_cont(0.5) within group (order by rating)::numeric as median,
                ${histogramSql('rating')} as histogram,
                count(*) filter (where rating >= median_score)::numeric / nullif(count(median_score), 0) as recommended,
                count(*) filter (where language = 'es')::int as es_total,
                avg(rating) filter (where language = 'es') as es_mean
              from m group by game_id),
       rs as (select game_id, count(*)::int as total, avg(score) as mean, ${histogramSql('score')} as histogram
              from ratings where true ${ratingFilter} group by game_id)
  select g2.id,
    case when ms.total >= ${SCORE_MINIMUMS.critic} then round(ms.mean)::int end as av_ratings,
    coalesce(ms.total, 0) as critic_review_count,
    case when ms.total >= ${SCORE_MINIMUMS.critic} then round(ms.median)::int end as critic_median,
    coalesce(ms.histogram, '{0,0,0,0,0,0,0,0,0,0}'::int[]) as critic_histogram,
    case when ms.total >= ${SCORE_MINIMUMS.critic} then round(ms.recommended * 100)::int end as critic_percent_recommended,
    case when ms.es_total >= ${SCORE_MINIMUMS.spanishPress} then round(ms.es_mean)::int end as spanish_press_average,
    coalesce(ms.es_total, 0) as spanish_press_count,
    round(rs.mean)::int as av_user_ratings,
    coalesce(rs.total, 0) as user_rating_count,
    coalesce(rs.histogram, '{0,0,0,0,0,0,0,0,0,0}'::int[]) as player_histogram,
    ((rs.total * rs.mean + ${PLAYER_RANK_PRIOR.m} * ${PLAYER_RANK_PRIOR.C}) / (rs.total + ${PLAYER_RANK_PRIOR.m}))::real
      as player_rank_score
  from games g2
    left join ms on ms.game_id = g2.id
    left join rs on rs.game_id = g2.id
  ${where}`;

const STATS_COLUMNS = [
  'av_ratings',
  'critic_review_count',
  'critic_median',
  'critic_histogram',
  'critic_percent_recommended',
  'spanish_press_average',
  'spanish_press_count',
  'av_user_ratings',
  'user_rating_count',
  'player_histogram',
  'player_rank_score',
];
const STATS_SET = STATS_COLUMNS.map((column) => `${column} = s.${column}`).join(', ');

const SUMMARY_COLUMNS = `g.id, g.igdb_id, g.slug, g.title, g.image_cover, g.platforms,
  to_char(g.release_date, 'YYYY-MM-DD') as release_date, g.release_date_precision, g.av_ratings, g.av_user_ratings,
  g.critic_review_count, g.user_rating_count`;

/**
 * The column of each sort, always descending with nulls last and id as the tie-breaker, each matching one
 * index of the games table (see game.entity.ts). Everything about pages (ORDER BY, anchors) is derived
 * from this table, so a sort changes here only.
 */
const SORT_COLUMN: Record<GameSort, string> = {
  releaseDate: 'release_date',
  avRatings: 'av_ratings',
  // Bayesian weighted rating (see PLAYER_RANK_PRIOR): the shown number stays the plain mean.
  avUserRatings: 'player_rank_score',
};
const orderBy = (sort: GameSort, alias = 'g') =>
  `${alias}.${SORT_COLUMN[sort]} desc nulls last, ${alias}.id desc`;

/** The default order (newest first) starts at today: unreleased games are 'Próximos lanzamientos'. */
const RELEASED_ONLY: Record<GameSort, boolean> = {
  releaseDate: true,
  avRatings: false,
  avUserRatings: false,
};

/** A known position in one ordering of the catalogue: the game there and its sort value (as text). */
export interface PageAnchor {
  position: number;
  id: number;
  value: string | null;
}

/** Where each position of one ordering (sort + platform) is: its size and an anchor every N games. */
export interface PageIndex {
  total: number;
  every: number;
  anchors: PageAnchor[];
}

export interface SearchPageQuery {
  page: number;
  size: number;
}

export interface SearchResultPage {
  rows: GameSummaryRow[];
  total: number;
}

const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Fewer matches than this as typed: the search also looks for typos. */
const TYPO_FALLBACK_BELOW = 10;
/**
 * How many of a query's words (the longest: their trigrams are the rarest) the trigram index looks up;
 * the others are checked with strpos on those few rows. A common word ('the', 'and') has posting lists
 * of tens of thousands of rows that cost more to read than the rows they would rule out.
 */
const INDEXED_WORDS = 2;
/** How many of a query's first words the typo look-up compares with titles. */
const TYPO_PROBE_WORDS = 4;
/** How many of a search's matches, the best by tier and popularity, are ranked by similarity as well. */
const SEARCH_SHORTLIST = 300;

/** Popularity and recency break ties between equally good matches; they never beat a better match. */
const POPULARITY = `least(ln(1 + g.critic_review_count + g.user_rating_count) / 1.5, 3.5)
  + (case when g.metascore is not null or g.igdb_rating is not null then 0.3 else 0 end)
  + coalesce(least(greatest(extract(year from g.release_date) - 1990, 0), 40), 0) / 200.0`;

type Row = Record<string, unknown>;

/** A game from an outside source (seed file, IGDB), already mapped to our columns. */
export interface GameUpsertRow extends GameMediaFields {
  igdbId: number;
  title: string;
  slug: string;
  searchName: string;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  imageCover: string | null;
  igdbRating: number | null;
  /**
   * Other names by kind ('spanish', 'igdb'): a kind present replaces that kind's aliases of the game, a
   * kind absent leaves them alone. Acronyms of the title are always regenerated.
   */
  aliases?: Partial<Record<Exclude<AliasKind, 'acronym' | 'admin'>, string[]>>;
  /** Seed reference scores (Metacritic); sources without them leave the stored ones alone. */
  metascore?: number | null;
  externalUserScore?: number | null;
}

const toHistogram = (value: unknown): number[] =>
  Array.isArray(value) && value.length === 10 ? value.map(Number) : BANDS.map(() => 0);

const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The stored figures of a games row (with critics_above/critics_rated for the tier) in the API's shape. */
export function toScoreStats(row: Row): GameScoreStats {
  const average = toNullableNumber(row.av_ratings);
  return {
    criticStats: {
      count: Number(row.critic_review_count),
      average,
      median: toNullableNumber(row.critic_median),
      histogram: toHistogram(row.critic_histogram),
      percentRecommended: toNullableNumber(row.critic_percent_recommended),
      tier: average === null ? null : criticTierFor(Number(row.critics_above), Number(row.critics_rated)),
    },
    spanishPress: {
      count: Number(row.spanish_press_count),
      average: toNullableNumber(row.spanish_press_average),
    },
    playerStats: {
      count: Number(row.user_rating_count),
      average: toNullableNumber(row.av_user_ratings),
      histogram: toHistogram(row.player_histogram),
    },
  };
}

export function toSummaryRow(row: Row): GameSummaryRow {
  return {
    id: Number(row.id),
    igdbId: Number(row.igdb_id),
    slug: String(row.slug),
    title: String(row.title),
    imageCover: (row.image_cover as string | null) ?? null,
    platforms: (row.platforms as string[]) ?? [],
    releaseDate: (row.release_date as string | null) ?? null,
    releaseDatePrecision: (row.release_date_precision as ReleaseDatePrecision | null) ?? null,
    avRatings: row.av_ratings === null ? null : Number(row.av_ratings),
    avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
    criticReviewCount: Number(row.critic_review_count),
    userRatingCount: Number(row.user_rating_count),
  };
}

export class GameRepository extends EntityRepository<Game> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }

  /** A read-only query: on a replica when the current request allows it (currentReadRoute). */
  private read<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection(currentReadRoute()).execute<T[]>(query, params, 'all');
  }

  /**
   * The game page's reads run on every visit to any of ~200k games, most of them rarely seen and so not in
   * a cache: one indexed lookup each, no entity hydration.
   */
  async findDetail(key: { igdbId: number } | { id: number }): Promise<GameDetailRow | null> {
    const [row] = await this.read(
      `select ${SUMMARY_COLUMNS}, g.image_art, g.summary, g.genres, g.developers, g.publishers,
         g.screenshots, g.big_screenshots, g.videos, g.title_es, g.summary_es, g.summary_es_source, g.genres_es,
         ${STATS_COLUMNS.map((c) => `g.${c}`).join(', ')}
       from games g where ${'id' in key ? 'g.id' : 'g.igdb_id'} = ?`,
      ['id' in key ? key.id : key.igdbId],
    );
    if (!row) return null;
    if (row.av_ratings !== null) Object.assign(row, await this.criticRank(Number(row.av_ratings)));
    return {
      ...toSummaryRow(row),
      imageArt: (row.image_art as string | null) ?? null,
      summary: (row.summary as string | null) ?? null,
      genres: (row.genres as string[]) ?? [],
      developers: (row.developers as string[]) ?? [],
      publishers: (row.publishers as string[]) ?? [],
      screenshots: (row.screenshots as string[]) ?? [],
      bigScreenshots: (row.big_screenshots as string[]) ?? [],
      videos: (row.videos as GameVideo[]) ?? [],
      titleEs: (row.title_es as string | null) ?? null,
      summaryEs: (row.summary_es as string | null) ?? null,
      summaryEsSource: (row.summary_es_source as SpanishTextSource | null) ?? null,
      genresEs: (row.genres_es as string[]) ?? [],
      ...toScoreStats(row),
    };
  }

  /**
   * Where a critic average stands in the catalogue (for its tier): how many games show a higher one, of how
   * many show one. Both counts read games_av_ratings_idx (only games with a shown average are in its range).
   */
  private async criticRank(average: number): Promise<{ critics_above: number; critics_rated: number }> {
    const [rank] = await this.sql<{ critics_above: number; critics_rated: number }>(
      `select count(*) filter (where av_ratings > ?)::int as critics_above, count(*)::int as critics_rated
       from games where av_ratings is not null`,
      [average],
    );
    return rank;
  }

  /** The internal id and player average of the game with this IGDB id, or null. */
  async findKey(igdbId: number): Promise<{ id: number; avUserRatings: number | null } | null> {
    const [row] = await this.read<{ id: number; av_user_ratings: number | null }>(
      'select id, av_user_ratings from games where igdb_id = ?',
      [igdbId],
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
    };
  }

  /**
   * The internal id of the game with this IGDB id and whether players may rate it yet: from its release
   * date on (by the database's calendar), never before nor without a date.
   */
  async findRatingKey(igdbId: number): Promise<{ id: number; released: boolean } | null> {
    const [row] = await this.sql<{ id: number; released: boolean | null }>(
      'select id, release_date <= current_date as released from games where igdb_id = ?',
      [igdbId],
    );
    return row ? { id: Number(row.id), released: row.released === true } : null;
  }

  private pageFilters(sort: GameSort, platform?: string): { where: string; params: unknown[] } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (platform) {
      conditions.push('g.platforms @> array[?]::text[]');
      params.push(platform);
    }
    if (RELEASED_ONLY[sort]) conditions.push('(g.release_date <= current_date or g.release_date is null)');
    return { where: conditions.length ? conditions.join(' and ') : 'true', params };
  }

  /**
   * One walk of an ordering's index: how many games it holds and the game at every `every`-th position.
   * A page then starts from the nearest anchor before it instead of skipping up to 100k rows (deep
   * OFFSETs cost in proportion to the depth). Callers cache it: positions drift only by the games added
   * or re-scored since.
   */
  async findPageIndex(sort: GameSort, platform: string | undefined, every: number): Promise<PageIndex> {
    const { where, params } = this.pageFilters(sort, platform);
    const column = SORT_COLUMN[sort];
    const rows = await this.read<{ position: string; id: number; value: string | null; total: string }>(
      `select position, id, value, total from (
         select row_number() over (order by ${orderBy(sort)}) - 1 as position, g.id,
           g.${column}::text as value, count(*) over () as total
         from games g where ${where}) ordered
       where position % ? = 0 order by position`,
      [...params, every],
    );
    return {
      total: rows.length ? Number(rows[0].total) : 0,
      every,
      anchors: rows.map((row) => ({ position: Number(row.position), id: Number(row.id), value: row.value })),
    };
  }

  /**
   * A catalogue page by number. With the ordering's page index (findPageIndex) the page is read from the
   * last anchor at or before its first position, so no page skips more than `every` rows; without it,
   * by plain OFFSET. Ids are found on the sort index first (index-only with the platforms it includes),
   * then only the page's rows are read.
   */
  async findPage(query: GamePageQuery, index?: PageIndex): Promise<GameSummaryRow[]> {
    const { where, params } = this.pageFilters(query.sortBy, query.platform);
    const offset = query.page * query.size;
    if (index && offset >= index.total) return [];
    const anchor = index?.anchors[Math.floor(offset / index.every)];
    const column = `g.${SORT_COLUMN[query.sortBy]}`;
    let ids: string;
    let idParams: unknown[];
    if (!anchor || anchor.position === 0) {
      ids = `select g.id, ${column} as sort_value from games g where ${where}
             order by ${orderBy(query.sortBy)} limit ? offset ?`;
      idParams = [...params, query.size, offset];
    } else {
      const skip = offset - anchor.position;
      const reach = skip + query.size;
      // Rows at or after the anchor: the non-null values below it (a row comparison the sort index
      // answers as a range), then the null tail. Each branch is in index order; the merge keeps it.
      const branches =
        anchor.value === null
          ? [
              `(select g.id, ${column} as sort_value from games g
                where ${where} and ${column} is null and g.id <= ? order by ${orderBy(query.sortBy)} limit ?)`,
            ]
          : [
              `(select g.id, ${column} as sort_value from games g
                where ${where} and (${column}, g.id) <= (?, ?) order by ${orderBy(query.sortBy)} limit ?)`,
              `(select g.id, ${column} as sort_value from games g
                where ${where} and ${column} is null order by ${orderBy(query.sortBy)} limit ?)`,
            ];
      ids = `select id, sort_value from (${branches.join(' union all ')}) candidates
             order by sort_value desc nulls last, id desc limit ? offset ?`;
      idParams =
        anchor.value === null
          ? [...params, anchor.id, reach, query.size, skip]
          : [...params, anchor.value, anchor.id, reach, ...params, reach, query.size, skip];
    }
    const rows = await this.read(
      `select ${SUMMARY_COLUMNS} from (${ids}) p join games g on g.id = p.id
       order by p.sort_value desc nulls last, p.id desc`,
      idParams,
    );
    return rows.map(toSummaryRow);
  }

  /** The expensive half of a page (a count over the whole catalogue): callers cache it. */
  async countGames(platform?: string, sort: GameSort = 'releaseDate'): Promise<number> {
    const { where, params } = this.pageFilters(sort, platform);
    const [row] = await this.read<{ total: string }>(
      `select count(*) as total from games g where ${where}`,
      params,
    );
    return Number(row.total);
  }

  /**
   * Search as people type: titles and aliases (acronyms, Spanish titles, IGDB names, the operator's),
   * normalised alike (accents, case, punctuation, numerals, articles), with franchise abbreviations
   * written out ('gta 5'). Ranked exact > prefix > every word present > similar (typos), then by
   * popularity and recency. Candidates come only from conditions the trigram and text_pattern indexes
   * answer, so the ranking never scans the table; `total` counts every match.
   */
  async search(text: string, query: SearchPageQuery): Promise<SearchResultPage> {
    const normalized = normalizeSearchText(text);
    if (!normalized) return { rows: [], total: 0 };
    const expanded = expandFranchises(normalized);
    const variants = expanded ? [normalized, expanded] : [normalized];
    const exacts = [...new Set([...variants, compactSearchText(normalized)])];
    const fuzzy = expanded ?? normalized;
    // Typo candidates resemble the query's first words: the word-similarity scan reads a posting list per
    // trigram of its text, so a whole long title typed costs several times more while its first words
    // already single the game out. The ranking still compares the whole text.
    const typoProbe = fuzzy.split(' ').slice(0, TYPO_PROBE_WORDS).join(' ');
    const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);
    // Each variant's words as LIKE patterns. Words under 3 characters have no trigram of their own: they
    // count only when nothing longer is typed, and then as the start of a word ('% ze%'; the title's own
    // start is the prefix condition), which the trigram index answers, where '%ze%' would scan it whole.
    const wordLists = variants.map((variant) => {
      const words = [...new Set(variant.split(' '))].slice(0, 8);
      const long = words.filter((word) => word.length >= 3);
      if (!long.length) return { indexed: words.map((word) => `% ${escapeLike(word)}%`), checked: [] };
      const byLength = [...long].sort((a, b) => b.length - a.length);
      return {
        indexed: byLength.slice(0, INDEXED_WORDS).map((word) => `%${escapeLike(word)}%`),
        checked: byLength.slice(INDEXED_WORDS),
      };
    });
    // Every word present: the longest through the trigram index, the rest by strpos on what they find.
    const allWordsSql = (column: string) =>
      wordLists
        .map(({ indexed, checked }) =>
          [...indexed.map(() => `${column} like ?`), ...checked.map(() => `strpos(${column}, ?) > 0`)].join(
            ' and ',
          ),
        )
        .map((sql) => `(${sql})`);
    const allWordsParams = wordLists.flatMap(({ indexed, checked }) => [...indexed, ...checked]);

    // Cheap conditions: exact, prefix, every word present; the trigram and text_pattern indexes answer
    // them in about a millisecond. Typos need the word similarity, ~50x dearer on the large catalogue.
    const conditions = (column: string) => {
      const sql = [
        ...exacts.map(() => `${column} = ?`),
        ...variants.map(() => `${column} like ?`),
        ...allWordsSql(column),
      ].join(' or ');
      const params = [...exacts, ...variants.map((variant) => `${escapeLike(variant)}%`), ...allWordsParams];
      return { sql: `(${sql})`, params };
    };
    const score = (column: string) => {
      const exact = exacts.map(() => `${column} = ?`).join(' or ');
      const prefix = variants.map(() => `${column} like ?`).join(' or ');
      const allWords = allWordsSql(column).join(' or ');
      // Tiers (exact 10, otherwise every word present 2.5 and title prefix 1); how close the text is
      // (word similarity and similarity, the dear part) is added on the shortlist only.
      const sql = `(case when ${exact} then 10
          else (case when ${allWords} then 2.5 else 0 end) + (case when ${prefix} then 1 else 0 end) end)`;
      const params = [...exacts, ...allWordsParams, ...variants.map((variant) => `${escapeLike(variant)}%`)];
      return { sql, params };
    };
    // The text as typed is a title or alias, or the start of one: no typo to look for.
    const asTyped = (column: string) => ({
      sql: [...exacts.map(() => `${column} = ?`), ...variants.map(() => `${column} like ?`)].join(' or '),
      params: [...exacts, ...variants.map((variant) => `${escapeLike(variant)}%`)],
    });

    const run = (withTypos: boolean, page: number, size: number) => {
      const sources = [
        { table: 'games g', id: 'g.id', column: 'g.search_name', penalty: '0' },
        {
          table: 'game_aliases a',
          id: 'a.game_id',
          column: 'a.term',
          penalty: `(case when a.kind = 'acronym' then 1.5 else 0.5 end)`,
        },
      ];
      const selects: string[] = [];
      const params: unknown[] = [];
      for (const source of sources) {
        const ranked = score(source.column);
        const typed = asTyped(source.column);
        const cheap = conditions(source.column);
        // Each condition its own branch, so each is one index scan without rechecking the others.
        for (const where of withTypos
          ? [cheap, { sql: `? <% ${source.column}`, params: [typoProbe] }]
          : [cheap]) {
          selects.push(
            `select ${source.id} as game_id, ${ranked.sql} - ${source.penalty} as tier,
               ${source.column} as text, (${typed.sql}) as as_typed
             from ${source.table} where ${where.sql}`,
          );
          params.push(...ranked.params, ...typed.params, ...where.params);
        }
      }
      // A common word matches thousands of games: every match is counted and ordered by tier and
      // popularity, but only the best SHORTLIST of them get the similarity terms (two trigram
      // comparisons per row, most of the search's time); the rest follow them in the rough order.
      const sql = `with matches as materialized (${selects.join(' union all ')}),
         best as (select game_id, max(tier) as tier, bool_or(as_typed) as as_typed
           from matches group by game_id),
         counted as (
           select b.game_id, ${POPULARITY} as popularity, b.tier + ${POPULARITY} as rough,
             count(*) over () as total_matches, bool_or(b.as_typed) over () as any_as_typed
           from best b join games g on g.id = b.game_id),
         shortlist as (select * from counted order by rough desc, game_id limit ${SEARCH_SHORTLIST}),
         scored as (
           select s.game_id, s.total_matches, s.any_as_typed, 1 as listed,
             max(m.tier + word_similarity(?, m.text) * 3 + similarity(?, m.text)) + s.popularity as rank
           from shortlist s join matches m on m.game_id = s.game_id
           group by s.game_id, s.total_matches, s.any_as_typed, s.popularity),
         -- Ranked on the few columns it needs; the page's rows alone are then read and formatted.
         ranked as (
           select * from (
             select game_id, total_matches, any_as_typed, listed, rank from scored
             union all
             select c.game_id, c.total_matches, c.any_as_typed, 0, c.rough from counted c
             where not exists (select 1 from shortlist s where s.game_id = c.game_id)) everything
           order by listed desc, rank desc, game_id
           limit ? offset ?)
         select ${SUMMARY_COLUMNS}, r.total_matches, r.any_as_typed
         from ranked r join games g on g.id = r.game_id
         order by r.listed desc, r.rank desc, g.id`;
      params.push(fuzzy, fuzzy, size, page * size);
      if (!withTypos) return this.read(sql, params);
      // A looser word-similarity threshold than pg_trgm's 0.6 lets two-letter typos through ('disco
      // elisyum'); set for this statement's transaction only.
      return this.em.transactional(async (em) => {
        const connection = em.getConnection();
        const context = em.getTransactionContext();
        // No parallel workers either: starting them costs more than this statement's few index scans,
        // and under concurrent searches they only take CPU from the other connections.
        await connection.execute(
          `select set_config('pg_trgm.word_similarity_threshold', ?, true),
             set_config('max_parallel_workers_per_gather', '0', true)`,
          [String(WORD_SIMILARITY_THRESHOLD)],
          'all',
          context,
        );
        return connection.execute<Row[]>(sql, params, 'all', context);
      });
    };

    const totalOf = (found: Row[]) => (found.length ? Number(found[0].total_matches) : 0);
    const cheap = await run(false, query.page, query.size);
    // A page past the last match has no row to carry the count or the flag: the first page's gives them.
    const first = cheap.length || query.page === 0 ? cheap : await run(false, 0, 1);
    const cheapTotal = totalOf(first);
    // Typos are looked for only when what was typed is (nearly) nowhere as it is, and is not a title or
    // alias or the start of one (a whole title typed finds itself, and the word-similarity scan, the
    // search's dearest part, would only add loose neighbours). The same query always takes the same
    // path, so its count and its pages agree.
    if (cheapTotal >= TYPO_FALLBACK_BELOW || first[0]?.any_as_typed === true) {
      return { rows: cheap.map(toSummaryRow), total: cheapTotal };
    }
    const rows = await run(true, query.page, query.size);
    const total = rows.length || query.page === 0 ? totalOf(rows) : totalOf(await run(true, 0, 1));
    return { rows: rows.map(toSummaryRow), total };
  }

  /**
   * The best-known title closest to a query that found nothing ('¿Quizás buscabas…?'), by trigram
   * similarity with a looser threshold than the search's; null when nothing is even that close.
   */
  async didYouMean(text: string): Promise<string | null> {
    const normalized = normalizeSearchText(text);
    if (normalized.length < 3) return null;
    return this.em.transactional(async (em) => {
      const connection = em.getConnection();
      const context = em.getTransactionContext();
      await connection.execute(
        `select set_config('pg_trgm.similarity_threshold', '0.3', true)`,
        [],
        'all',
        context,
      );
      const [row] = await connection.execute<{ title: string }[]>(
        `select g.title from games g where g.search_name % ?
         order by similarity(?, g.search_name) + ${POPULARITY} / 10 desc, g.id limit 1`,
        [normalized, normalized],
        'all',
        context,
      );
      return row?.title ?? null;
    });
  }

  async findBest(limit: number, sinceDate: string): Promise<GameSummaryRow[]> {
    const recent = await this.read(
      `select ${SUMMARY_COLUMNS} from games g
       where g.critic_review_count >= ? and g.av_ratings is not null and g.release_date >= ?::date
         and g.release_date <= current_date
       order by g.av_ratings desc, g.critic_review_count desc, g.id desc limit ?`,
      [SCORE_MINIMUMS.best, sinceDate, limit],
    );
    if (recent.length >= limit) return recent.map(toSummaryRow);
    // Too few recent games with enough reviews: fall back to the best of all time.
    const allTime = await this.read(
      `select ${SUMMARY_COLUMNS} from games g
       where g.critic_review_count >= ? and g.av_ratings is not null
       order by g.av_ratings desc, g.critic_review_count desc, g.id desc limit ?`,
      [SCORE_MINIMUMS.best, limit],
    );
    const seen = new Set(recent.map((row) => Number(row.id)));
    return [...recent, ...allTime.filter((row) => !seen.has(Number(row.id)))]
      .slice(0, limit)
      .map(toSummaryRow);
  }

  async findLatest(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.read(
      `select ${SUMMARY_COLUMNS} from games g
       where g.release_date <= current_date
       order by g.release_date desc nulls last, g.id desc limit ?`,
      [limit],
    );
    return rows.map(toSummaryRow);
  }

  async findUpcoming(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.read(
      `select ${SUMMARY_COLUMNS} from games g
       where g.release_date > current_date
       order by g.release_date asc, g.id asc limit ?`,
      [limit],
    );
    return rows.map(toSummaryRow);
  }

  /**
   * Recomputes a game's critic, Spanish-press and player figures and counts from the source rows (never
   * by adding deltas), in one statement, so running it twice or concurrently gives the same result.
   * Outlet medians (for percentRecommended) are read as stored: OutletRepository.refreshMedians keeps them.
   */
  async recalculateAverages(gameId: number): Promise<AverageResult | null> {
    const rows = await this.sql(
      `update games g set ${STATS_SET}, updated_at = now()
       from (${statsSql('where g2.id = ?', 'and mr.game_id = ?', 'and game_id = ?')}) s
       where g.id = s.id
       returning g.av_ratings, g.critic_review_count, g.av_user_ratings, g.user_rating_count`,
      [gameId, gameId, gameId],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return {
      avRatings: row.av_ratings === null ? null : Number(row.av_ratings),
      criticReviewCount: Number(row.critic_review_count),
      avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
      userRatingCount: Number(row.user_rating_count),
    };
  }

  /**
   * Games whose stored figures differ from what their source rows say (the reconciliation's check): a
   * recalculation lost with Redis' data, or never enqueued, shows here. Zero rows in a healthy system.
   */
  async findGamesWithStaleFigures(limit = 10_000): Promise<{ checked: number; gameIds: number[] }> {
    const rows = await this.sql<{ id: number | null; checked: number }>(
      `with r as (select game_id, round(avg(score))::int as average, count(*)::int as total
                    from ratings group by game_id),
            m as (select game_id, case when count(rating) >= ${SCORE_MINIMUMS.critic} then round(avg(rating))::int end
                      as average, count(rating)::int as total
                    from media_reviews group by game_id),
            stale as (
              select g.id from games g
                left join r on r.game_id = g.id
                left join m on m.game_id = g.id
              where g.av_user_ratings is distinct from r.average
                 or g.user_rating_count is distinct from coalesce(r.total, 0)
                 or g.av_ratings is distinct from m.average
                 or g.critic_review_count is distinct from coalesce(m.total, 0)
              order by g.id limit ?)
       select s.id, (select count(*)::int from games) as checked
       from (select 1) one left join stale s on true`,
      [limit],
    );
    return {
      checked: Number(rows[0]?.checked ?? 0),
      gameIds: rows.filter((row) => row.id !== null).map((row) => Number(row.id)),
    };
  }

  /** Same computation for every game at once (after a bulk import); answers how many rows changed. */
  async recalculateAllAverages(): Promise<number> {
    const columns = STATS_COLUMNS.map((column) => `g.${column}`).join(', ');
    const computed = STATS_COLUMNS.map((column) => `s.${column}`).join(', ');
    const rows = await this.sql<{ updated: number }>(
      `with updated as (
         update games g set ${STATS_SET}
         from (${statsSql('', '', '')}) s
         where g.id = s.id and (${columns}) is distinct from (${computed})
         returning 1)
       select count(*)::int as updated from updated`,
    );
    return Number(rows[0]?.updated ?? 0);
  }

  /**
   * Inserts or refreshes games by igdb_id in one statement (idempotent): the one upsert of the seed
   * importer and the IGDB import. Our own averages are left alone; empty media lists and missing
   * reference scores never wipe what is stored.
   */
  async upsertGames(games: GameUpsertRow[]): Promise<number> {
    if (games.length === 0) return 0;
    const rows = games.map((game) => ({
      igdb_id: game.igdbId,
      slug: game.slug,
      title: game.title.slice(0, 300),
      search_name: game.searchName.slice(0, 300),
      platforms: game.platforms,
      release_date: game.releaseDate,
      release_date_precision: game.releaseDatePrecision,
      image_cover: game.imageCover,
      image_art: game.imageArt,
      summary: game.summary,
      genres: game.genres,
      developers: game.developers,
      publishers: game.publishers,
      screenshots: game.screenshots,
      big_screenshots: game.bigScreenshots,
      videos: game.videos,
      igdb_rating: game.igdbRating,
      metascore: game.metascore ?? null,
      external_user_score: game.externalUserScore ?? null,
    }));
    const result = await this.sql<{ total: number }>(
      `with upserted as (
         insert into games (igdb_id, slug, title, search_name, platforms, release_date, release_date_precision,
           image_cover, image_art,
           summary, genres, developers, publishers, screenshots, big_screenshots, videos, igdb_rating,
           metascore, external_user_score)
         select x.igdb_id, x.slug, x.title, x.search_name, x.platforms, x.release_date, x.release_date_precision,
           x.image_cover, x.image_art,
           x.summary, x.genres, x.developers, x.publishers, x.screenshots, x.big_screenshots, x.videos, x.igdb_rating,
           x.metascore, x.external_user_score
         from jsonb_to_recordset(?::jsonb) as x(igdb_id int, slug text, title text, search_name text,
           platforms text[], release_date date, release_date_precision text, image_cover text, image_art text, summary text, genres text[],
           developers text[], publishers text[], screenshots text[], big_screenshots text[], videos jsonb,
           igdb_rating real, metascore smallint, external_user_score smallint)
         on conflict (igdb_id) do update set
           slug = excluded.slug, title = excluded.title, search_name = excluded.search_name,
           platforms = excluded.platforms, release_date = excluded.release_date,
           release_date_precision = excluded.release_date_precision,
           image_cover = coalesce(excluded.image_cover, games.image_cover),
           image_art = coalesce(excluded.image_art, games.image_art),
           summary = coalesce(excluded.summary, games.summary),
           -- A machine translation of an English synopsis that changed is stale: the next sweep redoes it.
           summary_es = case when games.summary_es_source <> 'seed'
             and excluded.summary is distinct from games.summary and excluded.summary is not null
             then null else games.summary_es end,
           summary_es_source = case when games.summary_es_source <> 'seed'
             and excluded.summary is distinct from games.summary and excluded.summary is not null
             then null else games.summary_es_source end,
           genres = excluded.genres, developers = excluded.developers, publishers = excluded.publishers,
           screenshots = case when cardinality(excluded.screenshots) > 0 then excluded.screenshots else games.screenshots end,
           big_screenshots = case when cardinality(excluded.big_screenshots) > 0 then excluded.big_screenshots else games.big_screenshots end,
           videos = case when jsonb_array_length(excluded.videos) > 0 then excluded.videos else games.videos end,
           igdb_rating = coalesce(excluded.igdb_rating, games.igdb_rating),
           metascore = coalesce(excluded.metascore, games.metascore),
           external_user_score = coalesce(excluded.external_user_score, games.external_user_score),
           updated_at = now()
         returning 1)
       select count(*)::int as total from upserted`,
      [JSON.stringify(rows)],
    );
    await this.aliases().replaceAliases(
      games.map((game) => {
        const given = Object.entries(game.aliases ?? {}) as [AliasKind, string[]][];
        // An acronym is worth keeping for a game people know (one with reference scores); for the long
        // tail it would only crowd out better matches.
        const known = game.metascore != null || game.igdbRating != null;
        return {
          igdbId: game.igdbId,
          kinds: ['acronym', ...given.map(([kind]) => kind)],
          aliases: [
            ...(known ? titleAcronyms(game.title).map((alias) => ({ kind: 'acronym' as const, alias })) : []),
            ...given.flatMap(([kind, names]) => names.map((alias) => ({ kind, alias }))),
          ],
        };
      }),
    );
    return Number(result[0]?.total ?? 0);
  }

  /** The alias statements run on this repository's EntityManager (the entity class would be an import cycle). */
  private aliases() {
    return {
      replaceAliases: (games: GameAliasReplacement[]) => replaceGameAliases(this.em, games),
      renormalizeTerms: (batchSize: number) => renormalizeAliasTerms(this.em, batchSize),
    };
  }

  /**
   * Brings the stored search text of every game and alias up to the current normalisation, in batches
   * (after normalizeSearchText changed): search_name, the title acronyms and the terms of the aliases.
   */
  async refreshSearchText(batchSize = 5000): Promise<number> {
    let lastId = 0;
    let games = 0;
    for (;;) {
      const rows = await this.sql<{ id: number; igdb_id: number; title: string; known: boolean }>(
        `select id, igdb_id, title, (metascore is not null or igdb_rating is not null) as known
         from games where id > ? order by id limit ?`,
        [lastId, batchSize],
      );
      if (rows.length === 0) break;
      lastId = Number(rows.at(-1)!.id);
      games += rows.length;
      await this.sql(
        `update games g set search_name = x.search_name
         from jsonb_to_recordset(?::jsonb) as x(id int, search_name text)
         where g.id = x.id and g.search_name is distinct from x.search_name`,
        [
          JSON.stringify(
            rows.map((row) => ({
              id: Number(row.id),
              search_name: normalizeSearchText(row.title).slice(0, 300),
            })),
          ),
        ],
      );
      await this.aliases().replaceAliases(
        rows.map((row) => ({
          igdbId: Number(row.igdb_id),
          kinds: ['acronym'],
          aliases: row.known
            ? titleAcronyms(row.title).map((alias) => ({ kind: 'acronym' as const, alias }))
            : [],
        })),
      );
    }
    await this.aliases().renormalizeTerms(batchSize);
    return games;
  }

  /** Loads the Spanish seed file's titles, synopses and genres onto the games it names (idempotent). */
  async applySpanishContent(rows: SpanishContentRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.sql<{ total: number }>(
      `with updated as (
         update games g set
           title_es = x.title_es,
           summary_es = coalesce(x.summary_es, g.summary_es),
           summary_es_source = case when x.summary_es is not null then 'seed' else g.summary_es_source end,
           genres_es = coalesce(x.genres_es, '{}'), updated_at = now()
         from jsonb_to_recordset(?::jsonb) as x(igdb_id int, title_es text, summary_es text, genres_es text[])
         where g.igdb_id = x.igdb_id
         returning 1)
       select count(*)::int as total from updated`,
      [
        JSON.stringify(
          rows.map((row) => ({
            igdb_id: row.igdbId,
            title_es: row.titleEs?.slice(0, 300) ?? null,
            summary_es: row.summaryEs,
            genres_es: row.genresEs,
          })),
        ),
      ],
    );
    return Number(result[0]?.total ?? 0);
  }

  /**
   * Games with an English synopsis and no Spanish one, best-known first, leaving out recent failures:
   * the translation sweep takes a bounded batch per run and the next run goes on where it stopped.
   */
  async findUntranslatedIds(limit: number, igdbIds?: number[]): Promise<number[]> {
    const retryAfter = new Date(Date.now() - TRANSLATION_RETRY_DAYS * 86_400_000);
    const games = await this.find(
      {
        summary: { $ne: null },
        summaryEs: null,
        $or: [{ translationFailedAt: null }, { translationFailedAt: { $lt: retryAfter } }],
        ...(igdbIds ? { igdbId: { $in: igdbIds } } : {}),
      },
      {
        fields: ['id'],
        orderBy: { criticReviewCount: 'desc', userRatingCount: 'desc', id: 'asc' },
        limit,
      },
    );
    return games.map((game) => game.id);
  }

  /** The English synopsis to translate and whether a Spanish one is already there. */
  async findTranslationSource(id: number): Promise<{ summary: string | null; hasSpanish: boolean } | null> {
    const game = await this.findOne({ id }, { fields: ['summary', 'summaryEs'], disableIdentityMap: true });
    if (!game) return null;
    return { summary: game.summary ?? null, hasSpanish: Boolean(game.summaryEs) };
  }

  /** Stores a translation unless a Spanish text arrived meanwhile (the seed file's wins). */
  async saveTranslation(id: number, summaryEs: string, source: SpanishTextSource): Promise<boolean> {
    const updated = await this.nativeUpdate(
      { id, summaryEs: null },
      { summaryEs, summaryEsSource: source, translationFailedAt: null },
    );
    return updated > 0;
  }

  async markTranslationFailed(id: number): Promise<void> {
    await this.nativeUpdate({ id }, { translationFailedAt: new Date() });
  }
}
