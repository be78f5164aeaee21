import { EntityRepository } from '@mikro-orm/postgresql';
import { sql, type AliasedExpression, type Compilable, type Expression, type SqlBool } from 'kysely';
import type { Game } from './game.entity.js';
import { cardJson, summaryColumns, toNullableNumber, toSummary, type OnGames } from './game-card.js';
import { filterArgs, pageFilter, type FilterArgs } from './catalogue-filter.js';
import { GAME_SORTS, orderBy, SORT_COLUMN } from './catalogue-order.js';
import type {
  CatalogueFilters,
  GameDetailRow,
  GamePageQuery,
  GameSort,
  GameSummaryRow,
  PageIndex,
} from './game-rows.js';
import { toScoreStats } from './score-stats.js';
import { BEST_AVERAGE_FLOOR, CATALOGUE_PAGE_SIZE, SCORE_MINIMUMS } from '@veredicto/contract';
import { currentReadRoute } from '../replication/read-routing.js';
import { reusableQuery, typedReadSql, typedRows, typedSql, type TypedSql } from '../typed-sql.js';

/** A catalogue page's statement; its parameters are PageArgs' values (see reusableQuery). */
type PageArgs = FilterArgs & {
  /** The last anchor at or before the page's first row (null: from the start, by OFFSET). */
  anchor: { value: string | null; id: number } | null;
  size: number;
  /** Rows to skip from the anchor (or the start). */
  skip: number;
  /** skip + size: how far each branch below the anchor reads. */
  reach: number;
  /**
   * A page of the catalogue's size (CATALOGUE_PAGE_SIZE) starting at its anchor or at the start: its
   * LIMIT is written in the statement and it has no OFFSET. A LIMIT or OFFSET given as a parameter is an
   * unknown the generic plan prices as a tenth of the ordering (559 rows where 50 are read), so
   * PostgreSQL judged every custom plan cheaper and planned the statement again on every page (0.5-0.66 ms
   * of planning for 0.5 ms of execution on the large catalogue); with both known it keeps the generic plan.
   */
  standard: boolean;
};

function buildPage(db: TypedSql, sort: GameSort, { anchor, standard, ...args }: PageArgs) {
  const { size, skip, reach, ...filters } = args;
  const filter = pageFilter(filters, sort);
  const limit = standard ? sql<number>`${sql.lit(CATALOGUE_PAGE_SIZE)}` : size;
  const offset = standard ? null : skip;
  // The ids of the ordering from where `where` starts, in index order, with their sort value.
  const branch = (where: (eb: OnGames) => Expression<SqlBool>) =>
    db
      .selectFrom('Game as g')
      .select((eb) => ['g.id', eb.ref(SORT_COLUMN[sort]).as('sortValue')])
      .where((eb) => eb.and([filter(eb), where(eb)]))
      .orderBy((eb) => orderBy(eb, sort))
      .limit(standard ? limit : reach);
  let ids: AliasedExpression<{ id: number; sortValue: unknown }, 'p'>;
  if (!anchor) {
    ids = db
      .selectFrom('Game as g')
      .select((eb) => ['g.id', eb.ref(SORT_COLUMN[sort]).as('sortValue')])
      .where(filter)
      .orderBy((eb) => orderBy(eb, sort))
      .limit(limit)
      .$if(offset !== null, (query) => query.offset(offset!))
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
      .limit(limit)
      .$if(offset !== null, (query) => query.offset(offset!))
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
  GAME_SORTS.map((sort) => [sort, reusableQuery((db, args: PageArgs) => buildPage(db, sort, args))]),
) as Record<GameSort, ReturnType<typeof reusableQuery<PageArgs, { card: string }>>>;

/**
 * The catalogue's reads (the API's pages, carousels, game page and keys). The other queries of games live
 * beside it by who uses them: GameFiguresRepository (averages, histograms, ranks), GameImportRepository
 * (the seed and IGDB upsert), GameTranslationRepository (the translation sweep).
 */
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
    // Without the row conversion (typedRows): every rating reads it, and a Game's conversion maps its
    // sixty properties for two columns.
    const [row] = await typedRows(
      this.getEntityManager(),
      this.db
        .selectFrom('Game')
        .select((eb) => ['id', sql<boolean | null>`${eb.ref('releaseDate')} <= current_date`.as('released')])
        .where('igdbId', '=', igdbId)
        .limit(1),
    );
    return row ? { id: Number(row.id), released: row.released === true } : null;
  }

  /**
   * A catalogue page by number. With the ordering's page index (catalogue_orderings, walked by the workers:
   * CatalogueOrderingRepository) the page is read from the
   * last anchor at or before its first position, so no page skips more than `every` rows; without it,
   * by plain OFFSET. Ids are found on the sort index first (index-only with the platforms it includes),
   * then only the page's rows are read, each as its card's JSON text (cardFields).
   */
  async findPage(query: GamePageQuery, index?: PageIndex): Promise<string[]> {
    const statement = this.pageQuery(query, index);
    if (!statement) return [];
    const rows = await this.readRows(statement);
    return rows.map((row) => row.card);
  }

  /** findPage's statement (null: the page is past the ordering's end), for the benches' EXPLAIN too. */
  pageQuery(query: GamePageQuery, index?: PageIndex): Compilable<{ card: string }> | null {
    const offset = query.page * query.size;
    if (index && offset >= index.total) return null;
    const found = index?.anchors[Math.floor(offset / index.every)];
    const anchor = found && found.position > 0 ? found : null;
    const skip = anchor ? offset - anchor.position : offset;
    return PAGE_QUERIES[query.sortBy](this.getEntityManager(), {
      ...filterArgs(query),
      anchor: anchor && { value: anchor.value, id: anchor.id },
      size: query.size,
      skip,
      reach: skip + query.size,
      standard: query.size === CATALOGUE_PAGE_SIZE && skip === 0,
    });
  }

  /** The expensive half of a page (a count over the whole catalogue): callers cache it. */
  async countGames(filters: CatalogueFilters = {}): Promise<number> {
    const row = await this.reads
      .selectFrom('Game as g')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(pageFilter(filterArgs(filters)))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async findBest(limit: number, sinceDate: string): Promise<GameSummaryRow[]> {
    const best = (since?: string) =>
      this.readRows(
        this.reads
          .selectFrom('Game as g')
          .select(summaryColumns)
          .where('g.criticReviewCount', '>=', SCORE_MINIMUMS.best)
          .where('g.avRatings', '>=', BEST_AVERAGE_FLOOR)
          .where('g.mature', '=', false)
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
        .where('g.mature', '=', false)
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
        .where('g.mature', '=', false)
        .orderBy('g.releaseDate', 'asc')
        .orderBy('g.id', 'asc')
        .limit(limit),
    );
    return rows.map(toSummary);
  }
}
