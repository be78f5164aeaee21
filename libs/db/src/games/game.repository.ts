import type { EntityMetadata } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import {
  sql,
  type AliasedExpression,
  type Expression,
  type ExpressionBuilder,
  type QueryCreator,
  type SqlBool,
  type Compilable,
} from 'kysely';
import type { SpanishVerdict } from '@veredicto/contract';
import type { Game, GameVideo, ReleaseDatePrecision, SpanishTextSource } from './game.entity.js';
import type { AliasKind } from '../search/game-alias.entity.js';
import {
  renormalizeAliasTerms,
  replaceGameAliases,
  type GameAliasReplacement,
} from '../search/game-alias.repository.js';
import { normalizeSearchText, titleAcronyms } from './search-text.js';
import { cardJson, summaryColumns, toNullableNumber, toSummary, type OnGames } from './game-card.js';
import { didYouMeanTitle, searchGames } from '../search/game-search.js';
import type { SearchIndex } from '../search/search-index.js';
import { currentReadRoute } from '../replication/read-routing.js';
import {
  reusableQuery,
  typedReadSql,
  typedRows,
  typedSql,
  type Database,
  type TypedSql,
} from '../typed-sql.js';

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
  spanish: SpanishVerdict;
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

/** Ten counts of `value` per band 0-9, 10-19, ..., 90-100, as an int[]. */
const histogram = (value: Expression<number | null>) =>
  sql<number[]>`array[${sql.join(
    BANDS.map((band) =>
      band === 9
        ? sql`count(*) filter (where ${value} >= 90)`
        : sql`count(*) filter (where ${value} >= ${sql.lit(band * 10)} and ${value} < ${sql.lit(band * 10 + 10)})`,
    ),
  )}]::int[]`;

const NO_HISTOGRAM = sql<number[]>`'{0,0,0,0,0,0,0,0,0,0}'::int[]`;

/**
 * Every stored figure of games from their source rows (scored media reviews with their outlet's registry
 * row, players' ratings): one row per game, of all games or of `gameId` only. Minimums apply here, so the
 * stored columns are exactly what the API shows. Each figure is named `new` + its games property: the
 * statements that store them read `s.newAvRatings` into `avRatings` (MikroORM's Kysely plugin would map a
 * column of `s` named like a property of Game to that property's column).
 */
function statsQuery(db: QueryCreator<Database>, gameId?: number) {
  return db
    .with('m', (m) =>
      m
        .selectFrom('MediaReview as mr')
        .leftJoin('Outlet as o', 'o.name', 'mr.outlet')
        .select([
          'mr.game as gameId',
          'mr.rating as rating',
          'o.language as language',
          'o.medianScore as medianScore',
        ])
        .where('mr.rating', 'is not', null)
        .$if(gameId !== undefined, (q) => q.where('mr.game', '=', gameId!)),
    )
    .with('ms', (ms) =>
      ms
        .selectFrom('m')
        .select((eb) => {
          const rating = eb.ref('m.rating');
          const spanish = sql`${eb.ref('m.language')} = 'es'`;
          return [
            'm.gameId',
            sql<number>`count(*)::int`.as('total'),
            sql<string>`avg(${rating})`.as('mean'),
            sql<string>`percentile_cont(0.5) within group (order by ${rating})::numeric`.as('median'),
            histogram(rating).as('histogram'),
            sql<string>`count(*) filter (where ${rating} >= ${eb.ref('m.medianScore')})::numeric / nullif(count(${eb.ref('m.medianScore')}), 0)`.as(
              'recommended',
            ),
            sql<number>`count(*) filter (where ${spanish})::int`.as('esTotal'),
            sql<string>`avg(${rating}) filter (where ${spanish})`.as('esMean'),
          ];
        })
        .groupBy('m.gameId'),
    )
    .with('rs', (rs) =>
      rs
        .selectFrom('Rating as r')
        .select((eb) => [
          'r.game as gameId',
          sql<number>`count(*)::int`.as('total'),
          sql<string>`avg(${eb.ref('r.score')})`.as('mean'),
          histogram(eb.ref('r.score')).as('histogram'),
        ])
        .$if(gameId !== undefined, (q) => q.where('r.game', '=', gameId!))
        .groupBy('r.game'),
    )
    .selectFrom('Game as g2')
    .leftJoin('ms', 'ms.gameId', 'g2.id')
    .leftJoin('rs', 'rs.gameId', 'g2.id')
    .select((eb) => {
      const critics = sql`${eb.ref('ms.total')} >= ${sql.lit(SCORE_MINIMUMS.critic)}`;
      const { m, C } = PLAYER_RANK_PRIOR;
      return [
        'g2.id',
        sql<number | null>`case when ${critics} then round(${eb.ref('ms.mean')})::int end`.as('newAvRatings'),
        sql<number>`coalesce(${eb.ref('ms.total')}, 0)`.as('newCriticReviewCount'),
        sql<number | null>`case when ${critics} then round(${eb.ref('ms.median')})::int end`.as(
          'newCriticMedian',
        ),
        sql<number[]>`coalesce(${eb.ref('ms.histogram')}, ${NO_HISTOGRAM})`.as('newCriticHistogram'),
        sql<number | null>`case when ${critics} then round(${eb.ref('ms.recommended')} * 100)::int end`.as(
          'newCriticPercentRecommended',
        ),
        sql<
          number | null
        >`case when ${eb.ref('ms.esTotal')} >= ${sql.lit(SCORE_MINIMUMS.spanishPress)} then round(${eb.ref('ms.esMean')})::int end`.as(
          'newSpanishPressAverage',
        ),
        sql<number>`coalesce(${eb.ref('ms.esTotal')}, 0)`.as('newSpanishPressCount'),
        sql<number | null>`round(${eb.ref('rs.mean')})::int`.as('newAvUserRatings'),
        sql<number>`coalesce(${eb.ref('rs.total')}, 0)`.as('newUserRatingCount'),
        sql<number[]>`coalesce(${eb.ref('rs.histogram')}, ${NO_HISTOGRAM})`.as('newPlayerHistogram'),
        sql<
          number | null
        >`((${eb.ref('rs.total')} * ${eb.ref('rs.mean')} + ${sql.lit(m)} * ${sql.lit(C)}) / (${eb.ref('rs.total')} + ${sql.lit(m)}))::real`.as(
          'newPlayerRankScore',
        ),
      ];
    })
    .$if(gameId !== undefined, (q) => q.where('g2.id', '=', gameId!));
}

/** A row of statsQuery: the fresh figures of one game. */
type FreshFigures = Awaited<ReturnType<ReturnType<typeof statsQuery>['executeTakeFirstOrThrow']>>;

/** The stored figures, each set from its fresh value in `s` (statsQuery): the one list of stored figures. */
const storedFigures = (eb: ExpressionBuilder<{ s: FreshFigures }, 's'>) => ({
  avRatings: eb.ref('s.newAvRatings'),
  criticReviewCount: eb.ref('s.newCriticReviewCount'),
  criticMedian: eb.ref('s.newCriticMedian'),
  criticHistogram: eb.ref('s.newCriticHistogram'),
  criticPercentRecommended: eb.ref('s.newCriticPercentRecommended'),
  spanishPressAverage: eb.ref('s.newSpanishPressAverage'),
  spanishPressCount: eb.ref('s.newSpanishPressCount'),
  avUserRatings: eb.ref('s.newAvUserRatings'),
  userRatingCount: eb.ref('s.newUserRatingCount'),
  playerHistogram: eb.ref('s.newPlayerHistogram'),
  playerRankScore: eb.ref('s.newPlayerRankScore'),
});

/**
 * The column of each sort, always descending with nulls last and id as the tie-breaker, each matching one
 * index of the games table (see game.entity.ts). Everything about pages (ORDER BY, anchors) is derived
 * from this table, so a sort changes here only.
 */
const SORT_COLUMN = {
  releaseDate: 'g.releaseDate',
  avRatings: 'g.avRatings',
  // Bayesian weighted rating (see PLAYER_RANK_PRIOR): the shown number stays the plain mean.
  avUserRatings: 'g.playerRankScore',
} as const satisfies Record<GameSort, `g.${keyof Game & string}`>;

/** `order by` of a sort: its column descending with nulls last, then the id descending. */
const orderBy = (eb: OnGames, sort: GameSort) =>
  sql`${eb.ref(SORT_COLUMN[sort])} desc nulls last, ${eb.ref('g.id')} desc`;

/** The default order (newest first) starts at today: unreleased games are 'Próximos lanzamientos'. */
const RELEASED_ONLY: Record<GameSort, boolean> = {
  releaseDate: true,
  avRatings: false,
  avUserRatings: false,
};

/** The games of one ordering: its platform, and released ones only for the default order. */
const pageFilter = (sort: GameSort, platform?: string) => (eb: OnGames) => {
  const conditions: Expression<SqlBool>[] = [];
  if (platform) conditions.push(eb('g.platforms', '@>', sql<string[]>`array[${platform}]::text[]`));
  if (RELEASED_ONLY[sort]) {
    conditions.push(
      eb.or([eb('g.releaseDate', '<=', sql<string>`current_date`), eb('g.releaseDate', 'is', null)]),
    );
  }
  return eb.and(conditions);
};

/** The column type of an autoincrement key's column (serial is only a shorthand of CREATE TABLE). */
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'int', bigserial: 'bigint' };

/**
 * Rows sent as one jsonb parameter and read as a table (jsonb_to_recordset) whose columns are the listed
 * Game properties' own columns, named and typed from the entity metadata: the JSON keys, the column list
 * and the references agree with the games table by construction, and a renamed property fails the
 * type-check. References name the columns themselves, which MikroORM's Kysely plugin leaves as they are in
 * every scope (it maps a property name to its column, sometimes through the wrong table).
 */
class GameRecordset<A extends string, P extends keyof Game & string> {
  private readonly columns: Record<P, string>;
  private readonly json: string;

  constructor(
    private readonly meta: EntityMetadata<Game>,
    private readonly alias: A,
    private readonly props: readonly P[],
    rows: readonly { [K in P]: unknown }[],
  ) {
    this.columns = Object.fromEntries(
      props.map((prop) => [prop, meta.properties[prop].fieldNames[0]]),
    ) as Record<P, string>;
    this.json = JSON.stringify(
      rows.map((row) => Object.fromEntries(props.map((prop) => [this.columns[prop], row[prop]]))),
    );
  }

  /** `jsonb_to_recordset(…) as x(column type, …)`, for a FROM. */
  table() {
    const definitions = this.props.map((prop) => {
      const type = this.meta.properties[prop].columnTypes[0];
      return sql`${sql.id(this.columns[prop])} ${sql.raw(SERIAL_TYPES[type] ?? type)}`;
    });
    return sql<Record<P, unknown>>`jsonb_to_recordset(${this.json}::jsonb)`.as<A>(
      sql`${sql.id(this.alias)}(${sql.join(definitions)})`,
    );
  }

  /** The recordset's column of `prop`. */
  ref<K extends P>(prop: K) {
    return sql<Game[K]>`${sql.ref(`${this.alias}.${this.columns[prop]}`)}`;
  }
}

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
  /**
   * With an index in memory: the highest games.search_version when the rows were read. Above the index's
   * own version, the index missed a change and the search is run again (SearchIndexStore.search).
   */
  searchVersion?: number;
}

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

/** The stored figures of a game as findDetail reads them, with its critic rank for the tier. */
export interface StoredScoreRow {
  avRatings?: number | null;
  criticReviewCount: number;
  criticMedian?: number | null;
  criticHistogram: unknown;
  criticPercentRecommended?: number | null;
  spanishPressAverage?: number | null;
  spanishPressCount: number;
  avUserRatings?: number | null;
  userRatingCount: number;
  playerHistogram: unknown;
  criticsAbove?: number;
  criticsRated?: number;
}

/** The stored figures of a game (with criticsAbove/criticsRated for the tier) in the API's shape. */
export function toScoreStats(row: StoredScoreRow): GameScoreStats {
  const average = toNullableNumber(row.avRatings);
  return {
    criticStats: {
      count: Number(row.criticReviewCount),
      average,
      median: toNullableNumber(row.criticMedian),
      histogram: toHistogram(row.criticHistogram),
      percentRecommended: toNullableNumber(row.criticPercentRecommended),
      tier: average === null ? null : criticTierFor(Number(row.criticsAbove), Number(row.criticsRated)),
    },
    spanishPress: {
      count: Number(row.spanishPressCount),
      average: toNullableNumber(row.spanishPressAverage),
    },
    playerStats: {
      count: Number(row.userRatingCount),
      average: toNullableNumber(row.avUserRatings),
      histogram: toHistogram(row.playerHistogram),
    },
  };
}

/** A catalogue page's statement; its parameters are PageArgs' values (see reusableQuery). */
type PageArgs = {
  platform: string | null;
  /** The last anchor at or before the page's first row (null: from the start, by OFFSET). */
  anchor: { value: string | null; id: number } | null;
  size: number;
  /** Rows to skip from the anchor (or the start). */
  skip: number;
  /** skip + size: how far each branch below the anchor reads. */
  reach: number;
};

function buildPage(db: TypedSql, sort: GameSort, { platform, anchor, size, skip, reach }: PageArgs) {
  const filter = pageFilter(sort, platform ?? undefined);
  // The ids of the ordering from where `where` starts, in index order, with their sort value.
  const branch = (where: (eb: OnGames) => Expression<SqlBool>) =>
    db
      .selectFrom('Game as g')
      .select((eb) => ['g.id', eb.ref(SORT_COLUMN[sort]).as('sortValue')])
      .where((eb) => eb.and([filter(eb), where(eb)]))
      .orderBy((eb) => orderBy(eb, sort))
      .limit(reach);
  let ids: AliasedExpression<{ id: number; sortValue: unknown }, 'p'>;
  if (!anchor) {
    ids = db
      .selectFrom('Game as g')
      .select((eb) => ['g.id', eb.ref(SORT_COLUMN[sort]).as('sortValue')])
      .where(filter)
      .orderBy((eb) => orderBy(eb, sort))
      .limit(size)
      .offset(skip)
      .as('p');
  } else {
    // Rows at or after the anchor: the non-null values below it (a row comparison the sort index
    // answers as a range), then the null tail. Each branch is in index order; the merge keeps it.
    const nullTail = (eb: OnGames) => eb(SORT_COLUMN[sort], 'is', null);
    const branches =
      anchor.value === null
        ? [branch((eb) => eb.and([nullTail(eb), eb('g.id', '<=', anchor.id)]))]
        : [
            branch((eb) =>
              eb(
                eb.refTuple(SORT_COLUMN[sort], 'g.id'),
                '<=',
                eb.tuple(sql<never>`${anchor.value}`, anchor.id),
              ),
            ),
            branch(nullTail),
          ];
    ids = db
      .selectFrom(
        // Each branch in parentheses (Kysely adds them) for its own ORDER BY and LIMIT.
        sql<{ id: number; sortValue: unknown }>`(${sql.join(branches, sql` union all `)})`.as('candidates'),
      )
      .select(['candidates.id', 'candidates.sortValue'])
      .orderBy(
        (eb) => sql`${eb.ref('candidates.sortValue')} desc nulls last, ${eb.ref('candidates.id')} desc`,
      )
      .limit(size)
      .offset(skip)
      .as('p');
  }
  return db
    .selectFrom(ids)
    .innerJoin('Game as g', 'g.id', 'p.id')
    .select((eb) => cardJson(eb).as('card'))
    .orderBy((eb) => sql`${eb.ref('p.sortValue')} desc nulls last, ${eb.ref('p.id')} desc`);
}

/**
 * Each ordering's page statement, built and compiled once per shape (platform or not, anchor or not, null
 * anchor or not) and reused with the page's values: building it and mapping its names cost more CPU than
 * the database spends on a deep page.
 */
const PAGE_QUERIES = Object.fromEntries(
  (Object.keys(SORT_COLUMN) as GameSort[]).map((sort) => [
    sort,
    reusableQuery((db, args: PageArgs) => buildPage(db, sort, args)),
  ]),
) as Record<GameSort, ReturnType<typeof reusableQuery<PageArgs, { card: string }>>>;

export class GameRepository extends EntityRepository<Game> {
  /** Typed SQL on the primary (or the current transaction). */
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  /** Typed SQL for a read-only query: on a replica when the current request allows it (currentReadRoute). */
  private get reads(): TypedSql {
    return typedReadSql(this.getEntityManager());
  }

  /**
   * Runs a read whose every column is selected under the name its row type gives (summaryColumns), on the
   * read route, without the Kysely plugin's result pass: that pass walks every property of the entity for
   * every row (~1 ms for a page of 50 cards, half the cost of a deep catalogue page).
   */
  private readRows<Row>(query: Compilable<Row>): Promise<Row[]> {
    return typedRows(this.getEntityManager(), query, currentReadRoute());
  }

  /**
   * The game page's reads run on every visit to any of ~200k games, most of them rarely seen and so not in
   * a cache: one indexed lookup each, no entity hydration.
   */
  async findDetail(key: { igdbId: number } | { id: number }): Promise<GameDetailRow | null> {
    const row = await this.reads
      .selectFrom('Game as g')
      .select(summaryColumns)
      .select([
        'g.imageArt',
        'g.summary',
        'g.genres',
        'g.developers',
        'g.publishers',
        'g.screenshots',
        'g.bigScreenshots',
        'g.videos',
        'g.titleEs',
        'g.summaryEs',
        'g.summaryEsSource',
        'g.genresEs',
        'g.criticMedian',
        'g.criticHistogram',
        'g.criticPercentRecommended',
        'g.spanishPressAverage',
        'g.spanishPressCount',
        'g.playerHistogram',
        'g.playerRankScore',
      ])
      .$if('id' in key, (q) => q.where('g.id', '=', (key as { id: number }).id))
      .$if(!('id' in key), (q) => q.where('g.igdbId', '=', (key as { igdbId: number }).igdbId))
      .executeTakeFirst();
    if (!row) return null;
    const rank = row.avRatings == null ? {} : await this.criticRank(Number(row.avRatings));
    return {
      ...toSummary(row),
      imageArt: row.imageArt ?? null,
      summary: row.summary ?? null,
      genres: row.genres ?? [],
      developers: row.developers ?? [],
      publishers: row.publishers ?? [],
      screenshots: row.screenshots ?? [],
      bigScreenshots: row.bigScreenshots ?? [],
      videos: row.videos ?? [],
      titleEs: row.titleEs ?? null,
      summaryEs: row.summaryEs ?? null,
      summaryEsSource: row.summaryEsSource ?? null,
      genresEs: row.genresEs ?? [],
      ...toScoreStats({ ...row, ...rank }),
    };
  }

  /**
   * Where a critic average stands in the catalogue (for its tier): how many games show a higher one, of how
   * many show one. Both counts read games_av_ratings_idx (only games with a shown average are in its range).
   */
  private async criticRank(average: number): Promise<{ criticsAbove: number; criticsRated: number }> {
    return this.db
      .selectFrom('Game')
      .select((eb) => [
        sql<number>`count(*) filter (where ${eb.ref('avRatings')} > ${average})::int`.as('criticsAbove'),
        sql<number>`count(*)::int`.as('criticsRated'),
      ])
      .where('avRatings', 'is not', null)
      .executeTakeFirstOrThrow();
  }

  /** The internal id and player average of the game with this IGDB id, or null. */
  async findKey(igdbId: number): Promise<{ id: number; avUserRatings: number | null } | null> {
    const row = await this.reads
      .selectFrom('Game')
      .select(['id', 'avUserRatings'])
      .where('igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!row) return null;
    return { id: Number(row.id), avUserRatings: toNullableNumber(row.avUserRatings) };
  }

  /**
   * The internal id of the game with this IGDB id and whether players may rate it yet: from its release
   * date on (by the database's calendar), never before nor without a date.
   */
  async findRatingKey(igdbId: number): Promise<{ id: number; released: boolean } | null> {
    const row = await this.db
      .selectFrom('Game')
      .select((eb) => ['id', sql<boolean | null>`${eb.ref('releaseDate')} <= current_date`.as('released')])
      .where('igdbId', '=', igdbId)
      .executeTakeFirst();
    return row ? { id: Number(row.id), released: row.released === true } : null;
  }

  /**
   * One walk of an ordering's index: how many games it holds and the game at every `every`-th position.
   * A page then starts from the nearest anchor before it instead of skipping up to 100k rows (deep
   * OFFSETs cost in proportion to the depth). Callers cache it: positions drift only by the games added
   * or re-scored since.
   */
  async findPageIndex(sort: GameSort, platform: string | undefined, every: number): Promise<PageIndex> {
    const rows = await this.reads
      .selectFrom((db) =>
        db
          .selectFrom('Game as g')
          .select((eb) => [
            sql<string>`row_number() over (order by ${orderBy(eb, sort)}) - 1`.as('position'),
            'g.id',
            sql<string | null>`${eb.ref(SORT_COLUMN[sort])}::text`.as('value'),
            sql<string>`count(*) over ()`.as('total'),
          ])
          .where(pageFilter(sort, platform))
          .as('ordered'),
      )
      .select(['ordered.position', 'ordered.id', 'ordered.value', 'ordered.total'])
      .where((eb) => eb(sql`${eb.ref('ordered.position')} % ${every}`, '=', sql.lit(0)))
      .orderBy('ordered.position')
      .execute();
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
   * then only the page's rows are read, each as its card's JSON text (cardFields).
   */
  async findPage(query: GamePageQuery, index?: PageIndex): Promise<string[]> {
    const offset = query.page * query.size;
    if (index && offset >= index.total) return [];
    const found = index?.anchors[Math.floor(offset / index.every)];
    const anchor = found && found.position > 0 ? found : null;
    const skip = anchor ? offset - anchor.position : offset;
    const rows = await this.readRows(
      PAGE_QUERIES[query.sortBy](this.getEntityManager(), {
        platform: query.platform ?? null,
        anchor: anchor && { value: anchor.value, id: anchor.id },
        size: query.size,
        skip,
        reach: skip + query.size,
      }),
    );
    return rows.map((row) => row.card);
  }

  /** The expensive half of a page (a count over the whole catalogue): callers cache it. */
  async countGames(platform?: string, sort: GameSort = 'releaseDate'): Promise<number> {
    const row = await this.reads
      .selectFrom('Game as g')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(pageFilter(sort, platform))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Search as people type: titles and aliases (acronyms, Spanish titles, IGDB names, the operator's),
   * normalised alike (accents, case, punctuation, numerals, articles), with franchise abbreviations
   * written out ('gta 5'). Ranked exact > prefix > every word present, then by similarity to the text,
   * popularity and recency. Typos: words in no title are corrected through the word list (search_words),
   * and only when that finds nothing is the whole text compared by word similarity. With `index` (an API
   * process's, fresh: SearchIndexStore.fresh) the matches are found in memory. See game-search.ts.
   */
  search(text: string, query: SearchPageQuery, index?: SearchIndex): Promise<SearchResultPage> {
    return searchGames(this.em, text, query, index);
  }

  /**
   * The best-known title closest to a query that found nothing ('¿Quizás buscabas…?'), by trigram
   * similarity with a looser threshold than the search's; null when nothing is even that close.
   */
  didYouMean(text: string): Promise<string | null> {
    return didYouMeanTitle(this.em, text);
  }

  async findBest(limit: number, sinceDate: string): Promise<GameSummaryRow[]> {
    const best = (since?: string) =>
      this.readRows(
        this.reads
          .selectFrom('Game as g')
          .select(summaryColumns)
          .where('g.criticReviewCount', '>=', SCORE_MINIMUMS.best)
          .where('g.avRatings', 'is not', null)
          .$if(since !== undefined, (q) =>
            q
              .where('g.releaseDate', '>=', sql<string>`${since}::date`)
              .where('g.releaseDate', '<=', sql<string>`current_date`),
          )
          .orderBy('g.avRatings', 'desc')
          .orderBy('g.criticReviewCount', 'desc')
          .orderBy('g.id', 'desc')
          .limit(limit),
      );
    const recent = await best(sinceDate);
    if (recent.length >= limit) return recent.map(toSummary);
    // Too few recent games with enough reviews: fall back to the best of all time.
    const allTime = await best();
    const seen = new Set(recent.map((row) => Number(row.id)));
    return [...recent, ...allTime.filter((row) => !seen.has(Number(row.id)))].slice(0, limit).map(toSummary);
  }

  async findLatest(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.readRows(
      this.reads
        .selectFrom('Game as g')
        .select(summaryColumns)
        .where('g.releaseDate', '<=', sql<string>`current_date`)
        .orderBy('g.releaseDate', (order) => order.desc().nullsLast())
        .orderBy('g.id', 'desc')
        .limit(limit),
    );
    return rows.map(toSummary);
  }

  async findUpcoming(limit: number): Promise<GameSummaryRow[]> {
    const rows = await this.readRows(
      this.reads
        .selectFrom('Game as g')
        .select(summaryColumns)
        .where('g.releaseDate', '>', sql<string>`current_date`)
        .orderBy('g.releaseDate', 'asc')
        .orderBy('g.id', 'asc')
        .limit(limit),
    );
    return rows.map(toSummary);
  }

  /**
   * Recomputes a game's critic, Spanish-press and player figures and counts from the source rows (never
   * by adding deltas), in one statement, so running it twice or concurrently gives the same result.
   * Outlet medians (for percentRecommended) are read as stored: OutletRepository.refreshMedians keeps them.
   */
  async recalculateAverages(gameId: number): Promise<AverageResult | null> {
    const db = this.db;
    const row = await db
      .updateTable('Game')
      .from(statsQuery(db, gameId).as('s'))
      .set((eb) => ({ ...storedFigures(eb), updatedAt: sql<Date>`now()` }))
      .whereRef('Game.id', '=', 's.id')
      .returning(['avRatings', 'criticReviewCount', 'avUserRatings', 'userRatingCount'])
      .executeTakeFirst();
    if (!row) return null;
    return {
      avRatings: toNullableNumber(row.avRatings),
      criticReviewCount: Number(row.criticReviewCount),
      avUserRatings: toNullableNumber(row.avUserRatings),
      userRatingCount: Number(row.userRatingCount),
    };
  }

  /**
   * Games whose stored figures differ from what their source rows say (the reconciliation's check): a
   * recalculation lost with Redis' data, or never enqueued, shows here. Zero rows in a healthy system.
   */
  async findGamesWithStaleFigures(limit = 10_000): Promise<{ checked: number; gameIds: number[] }> {
    const rows = await this.db
      .with('r', (db) =>
        db
          .selectFrom('Rating as r')
          .select((eb) => [
            'r.game as gameId',
            sql<number>`round(avg(${eb.ref('r.score')}))::int`.as('average'),
            sql<number>`count(*)::int`.as('total'),
          ])
          .groupBy('r.game'),
      )
      .with('m', (db) =>
        db
          .selectFrom('MediaReview as mr')
          .select((eb) => [
            'mr.game as gameId',
            sql<
              number | null
            >`case when count(${eb.ref('mr.rating')}) >= ${sql.lit(SCORE_MINIMUMS.critic)} then round(avg(${eb.ref('mr.rating')}))::int end`.as(
              'average',
            ),
            sql<number>`count(${eb.ref('mr.rating')})::int`.as('total'),
          ])
          .groupBy('mr.game'),
      )
      .with('stale', (db) =>
        db
          .selectFrom('Game as g')
          .leftJoin('r', 'r.gameId', 'g.id')
          .leftJoin('m', 'm.gameId', 'g.id')
          .select('g.id')
          .where((eb) =>
            eb.or([
              eb('g.avUserRatings', 'is distinct from', eb.ref('r.average')),
              eb('g.userRatingCount', 'is distinct from', eb.fn.coalesce('r.total', sql.lit(0))),
              eb('g.avRatings', 'is distinct from', eb.ref('m.average')),
              eb('g.criticReviewCount', 'is distinct from', eb.fn.coalesce('m.total', sql.lit(0))),
            ]),
          )
          .orderBy('g.id')
          .limit(limit),
      )
      .selectFrom(sql`(select 1)`.as('one'))
      .leftJoin('stale as s', (join) => join.onTrue())
      .select((eb) => [
        's.id',
        eb
          .selectFrom('Game')
          .select(sql<number>`count(*)::int`.as('games'))
          .as('checked'),
      ])
      .execute();
    return {
      checked: Number(rows[0]?.checked ?? 0),
      gameIds: rows.filter((row) => row.id != null).map((row) => Number(row.id)),
    };
  }

  /** Same computation for every game at once (after a bulk import); answers how many rows changed. */
  async recalculateAllAverages(): Promise<number> {
    const row = await this.db
      .with('updated', (db) =>
        db
          .updateTable('Game')
          .from(statsQuery(db).as('s'))
          .set(storedFigures)
          .where((eb) => {
            const figures = Object.entries(storedFigures(eb)) as [
              keyof ReturnType<typeof storedFigures>,
              Expression<unknown>,
            ][];
            return eb.and([
              eb('Game.id', '=', eb.ref('s.id')),
              eb(
                sql`(${sql.join(figures.map(([stored]) => eb.ref(`Game.${stored}`)))})`,
                'is distinct from',
                sql`(${sql.join(figures.map(([, fresh]) => fresh))})`,
              ),
            ]);
          })
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('updated')
      .select(sql<number>`count(*)::int`.as('updated'))
      .executeTakeFirst();
    return Number(row?.updated ?? 0);
  }

  /**
   * Inserts or refreshes games by igdb_id in one statement (idempotent): the one upsert of the seed
   * importer and the IGDB import. Our own averages are left alone; empty media lists and missing
   * reference scores never wipe what is stored.
   */
  async upsertGames(games: GameUpsertRow[]): Promise<number> {
    if (games.length === 0) return 0;
    const columns = [
      'igdbId',
      'slug',
      'title',
      'searchName',
      'platforms',
      'releaseDate',
      'releaseDatePrecision',
      'imageCover',
      'imageArt',
      'summary',
      'genres',
      'developers',
      'publishers',
      'screenshots',
      'bigScreenshots',
      'videos',
      'igdbRating',
      'metascore',
      'externalUserScore',
    ] as const;
    const x = new GameRecordset(
      this.getEntityManager().getMetadata(this.entityName),
      'x',
      columns,
      games.map((game) => ({
        igdbId: game.igdbId,
        slug: game.slug,
        title: game.title.slice(0, 300),
        searchName: game.searchName.slice(0, 300),
        platforms: game.platforms,
        releaseDate: game.releaseDate,
        releaseDatePrecision: game.releaseDatePrecision,
        imageCover: game.imageCover,
        imageArt: game.imageArt,
        summary: game.summary,
        genres: game.genres,
        developers: game.developers,
        publishers: game.publishers,
        screenshots: game.screenshots,
        bigScreenshots: game.bigScreenshots,
        videos: game.videos,
        igdbRating: game.igdbRating,
        metascore: game.metascore ?? null,
        externalUserScore: game.externalUserScore ?? null,
      })),
    );
    const result = await this.db
      .with('upserted', (db) =>
        db
          .insertInto('Game')
          .columns(columns)
          .expression(db.selectFrom(x.table()).select(columns.map((column) => x.ref(column).as(column))))
          .onConflict((conflict) =>
            conflict.column('igdbId').doUpdateSet((eb) => {
              const excluded = <K extends (typeof columns)[number]>(column: K) =>
                eb.ref(`excluded.${column}`);
              const kept = <K extends (typeof columns)[number]>(column: K) =>
                eb.fn.coalesce(excluded(column), eb.ref(`Game.${column}`));
              // A machine translation of an English synopsis that changed is stale: the next sweep redoes it.
              const staleTranslation = eb.and([
                eb('Game.summaryEsSource', '<>', sql.lit('seed')),
                eb(excluded('summary'), 'is distinct from', eb.ref('Game.summary')),
                eb(excluded('summary'), 'is not', null),
              ]);
              const nonEmpty = <K extends 'screenshots' | 'bigScreenshots'>(column: K) =>
                eb
                  .case()
                  .when(sql`cardinality(${excluded(column)})`, '>', sql.lit(0))
                  .then(excluded(column))
                  .else(eb.ref(`Game.${column}`))
                  .end();
              return {
                slug: excluded('slug'),
                title: excluded('title'),
                searchName: excluded('searchName'),
                platforms: excluded('platforms'),
                releaseDate: excluded('releaseDate'),
                releaseDatePrecision: excluded('releaseDatePrecision'),
                imageCover: kept('imageCover'),
                imageArt: kept('imageArt'),
                summary: kept('summary'),
                summaryEs: eb
                  .case()
                  .when(staleTranslation)
                  .then(sql<null>`null`)
                  .else(eb.ref('Game.summaryEs'))
                  .end(),
                summaryEsSource: eb
                  .case()
                  .when(staleTranslation)
                  .then(sql<null>`null`)
                  .else(eb.ref('Game.summaryEsSource'))
                  .end(),
                genres: excluded('genres'),
                developers: excluded('developers'),
                publishers: excluded('publishers'),
                screenshots: nonEmpty('screenshots'),
                bigScreenshots: nonEmpty('bigScreenshots'),
                videos: eb
                  .case()
                  .when(sql`jsonb_array_length(${excluded('videos')})`, '>', sql.lit(0))
                  .then(excluded('videos'))
                  .else(eb.ref('Game.videos'))
                  .end(),
                igdbRating: kept('igdbRating'),
                metascore: kept('metascore'),
                externalUserScore: kept('externalUserScore'),
                updatedAt: sql<Date>`now()`,
              };
            }),
          )
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('upserted')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
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
    return Number(result?.total ?? 0);
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
      const rows = await this.db
        .selectFrom('Game')
        .select((eb) => [
          'id',
          'igdbId',
          'title',
          eb.or([eb('metascore', 'is not', null), eb('igdbRating', 'is not', null)]).as('known'),
        ])
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      lastId = Number(rows.at(-1)!.id);
      games += rows.length;
      const x = new GameRecordset(
        this.getEntityManager().getMetadata(this.entityName),
        'x',
        ['id', 'searchName'],
        rows.map((row) => ({ id: Number(row.id), searchName: normalizeSearchText(row.title).slice(0, 300) })),
      );
      await this.db
        .updateTable('Game')
        .from(x.table())
        .set({ searchName: x.ref('searchName') })
        .where((eb) =>
          eb.and([
            eb('Game.id', '=', x.ref('id')),
            eb('Game.searchName', 'is distinct from', x.ref('searchName')),
          ]),
        )
        .execute();
      await this.aliases().replaceAliases(
        rows.map((row) => ({
          igdbId: Number(row.igdbId),
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
    const x = new GameRecordset(
      this.getEntityManager().getMetadata(this.entityName),
      'x',
      ['igdbId', 'titleEs', 'summaryEs', 'genresEs'],
      rows.map((row) => ({
        igdbId: row.igdbId,
        titleEs: row.titleEs?.slice(0, 300) ?? null,
        summaryEs: row.summaryEs,
        genresEs: row.genresEs,
      })),
    );
    const result = await this.db
      .with('updated', (db) =>
        db
          .updateTable('Game')
          .from(x.table())
          .set((eb) => ({
            titleEs: x.ref('titleEs'),
            summaryEs: eb.fn.coalesce(x.ref('summaryEs'), eb.ref('Game.summaryEs')),
            summaryEsSource: eb
              .case()
              .when(x.ref('summaryEs'), 'is not', null)
              .then(sql<SpanishTextSource>`'seed'`)
              .else(eb.ref('Game.summaryEsSource'))
              .end(),
            genresEs: eb.fn.coalesce(x.ref('genresEs'), sql<string[]>`'{}'`),
            updatedAt: sql<Date>`now()`,
          }))
          .where('Game.igdbId', '=', x.ref('igdbId'))
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('updated')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
    return Number(result?.total ?? 0);
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
