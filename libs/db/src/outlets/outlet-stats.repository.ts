import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { slugify } from '../games/search-text.js';
import { currentReadRoute } from '../replication/read-routing.js';
import { reusableQuery, typedRows, typedSql } from '../typed-sql.js';
import type { OutletGameScore } from './outlet-game-score.entity.js';

/** Fewer other outlets than this on a game: the outlet's call there is not compared (section 15). */
export const MIN_OTHER_OUTLETS = 3;

/**
 * The first key of the per-game advisory lock of a game's outlet calls (the second is the game's id): a
 * number of our own. There is no lock for the whole database.
 */
const OUTLET_CALLS_LOCK = 27_015;

/** Width in points of one bar of an outlet's chart of differences, from -50 to +50. */
export const DIFFERENCE_BIN_WIDTH = 5;
const DIFFERENCE_BINS = 100 / DIFFERENCE_BIN_WIDTH;

/**
 * A page of an outlet's reviews, newest first (undated last): the page's rows off
 * media_reviews_outlet_published_idx in the page's order, then only those joined to their games (joining
 * every review of a large outlet and sorting them all for twenty took most of a deep page's time). Built
 * once per shape and prepared (reusableQuery), read without the plugin's result pass.
 */
const REVIEWS_PAGE = reusableQuery((db, args: { outlet: string; limit: number; offset: number }) =>
  db
    .selectFrom(
      db
        .selectFrom('MediaReview as mr')
        .select(['mr.id', 'mr.game', 'mr.rating', 'mr.publishedAt'])
        .where('mr.outlet', '=', args.outlet)
        .orderBy('mr.publishedAt', (order) => order.desc().nullsLast())
        .orderBy('mr.id', 'desc')
        .limit(args.limit)
        .offset(args.offset)
        .as('p'),
    )
    .innerJoin('Game as g', 'g.id', 'p.game')
    .select((select) => [
      select.ref('g.igdbId').as('igdbId'),
      select.ref('g.title').as('title'),
      select.ref('p.rating').as('rating'),
      sql<string | null>`to_char(${select.ref('p.publishedAt')}, 'YYYY-MM-DD')`.as('publishedAt'),
    ])
    .orderBy('p.publishedAt', (order) => order.desc().nullsLast())
    .orderBy('p.id', 'desc'),
);

const REVIEWS_COUNT = reusableQuery((db, args: { outlet: string }) =>
  db
    .selectFrom('MediaReview as mr')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('mr.outlet', '=', args.outlet),
);

/**
 * An outlet's reviews page in one prepared statement, by the outlet's slug: the outlet (only one with
 * reviews), the number of its reviews (an index-only count on media_reviews_outlet_published_idx) and the
 * page, each review written as the API's JSON by the database ({"igdbID","title","rating","date"}: to_json
 * of a row writes it compact, as JSON.stringify does). One round trip instead of three (the outlet by its
 * slug, the page, the count), and no rows for the API to map and serialise.
 */
const REVIEWS_BY_SLUG = reusableQuery((db, args: { slug: string; limit: number; offset: number }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => [
      sql<number>`(select count(*)::int from media_reviews mr where mr.outlet = ${select.ref('o.name')})`.as(
        'total',
      ),
      sql<string>`(select '[' || coalesce(string_agg(
          (select to_json(c)::text from (select g.igdb_id as "igdbID", g.title, p.rating,
            to_char(p.published_at, 'YYYY-MM-DD') as date) as c),
          ',' order by p.published_at desc nulls last, p.id desc), '') || ']'
        from (
          select mr.id, mr.game_id, mr.rating, mr.published_at from media_reviews mr
          where mr.outlet = ${select.ref('o.name')}
          order by mr.published_at desc nulls last, mr.id desc
          limit ${args.limit} offset ${args.offset}
        ) p join games g on g.id = p.game_id)`.as('content'),
    ])
    .where('o.slug', '=', args.slug)
    .where('o.reviewCount', '>', 0),
);

/**
 * An outlet's chart of differences in one prepared statement, by its slug: the histogram (counts in bins
 * of DIFFERENCE_BIN_WIDTH points from -50 to +50, the ends open) and its most generous and harshest calls,
 * off outlet_game_scores_outlet_difference_idx. One round trip instead of four.
 */
const DIFFERENCES_BY_SLUG = reusableQuery((db, args: { slug: string; limit: number }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => {
      const calls = (direction: 'generous' | 'harsh') => {
        const order = direction === 'generous' ? sql`desc` : sql`asc`;
        const side = direction === 'generous' ? sql`s.difference > 0` : sql`s.difference < 0`;
        return sql<
          OutletCall[]
        >`(select coalesce(json_agg(c order by c.difference ${order}, c."igdbId"), '[]')
          from (
            select g.igdb_id as "igdbId", g.title, s.score, s.others_mean as "othersMean",
              s.others_count as "othersCount", s.difference
            from outlet_game_scores s join games g on g.id = s.game_id
            where s.outlet_id = ${select.ref('o.id')} and ${side}
            order by s.difference ${order}, g.igdb_id
            limit ${args.limit}
          ) c)`;
      };
      return [
        'o.id',
        sql<number[]>`(select array_agg(coalesce(h.total, 0) order by b.bin)
          from generate_series(${sql.lit(-DIFFERENCE_BINS / 2)}, ${sql.lit(DIFFERENCE_BINS / 2 - 1)}) as b(bin)
          left join (
            select least(greatest(floor(s.difference / ${sql.lit(DIFFERENCE_BIN_WIDTH)}), ${sql.lit(-DIFFERENCE_BINS / 2)}), ${sql.lit(DIFFERENCE_BINS / 2 - 1)})::int as bin,
              count(*)::int as total
            from outlet_game_scores s
            where s.outlet_id = ${select.ref('o.id')} and s.difference is not null
            group by 1
          ) h on h.bin = b.bin)`.as('histogram'),
        calls('generous').as('generous'),
        calls('harsh').as('harsh'),
      ];
    })
    .where('o.slug', '=', args.slug)
    .where('o.reviewCount', '>', 0),
);

export interface OutletRow {
  id: number;
  slug: string;
  name: string;
  country: string | null;
  language: string | null;
  domain: string | null;
  reviewCount: number;
  averageScore: number | null;
  deviationGames: number;
  deviationMean: number | null;
  deviationStdev: number | null;
}

export interface OutletFilter {
  q?: string;
  country?: string;
  language?: string;
  page: number;
  size: number;
}

export interface OutletCall {
  igdbId: number;
  title: string;
  score: number;
  othersMean: number;
  othersCount: number;
  difference: number;
}

export interface OutletReviewRow {
  igdbId: number;
  title: string;
  rating: number | null;
  date: string | null;
}

export interface OutletAgreementRow {
  games: number;
  meanDifference: number | null;
  meanAbsoluteDifference: number | null;
  correlation: number | null;
}

const OUTLET_COLUMNS = [
  'o.id',
  'o.slug',
  'o.name',
  'o.country',
  'o.language',
  'o.domain',
  'o.reviewCount',
  'o.averageScore',
  'o.deviationGames',
  'o.deviationMean',
  'o.deviationStdev',
] as const;

/** OUTLET_COLUMNS under their properties' names, for a read without the plugin's renaming (typedRows). */
const OUTLET_BY_SLUG = reusableQuery((db, args: { slug: string }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => [
      select.ref('o.id').as('id'),
      select.ref('o.slug').as('slug'),
      select.ref('o.name').as('name'),
      select.ref('o.country').as('country'),
      select.ref('o.language').as('language'),
      select.ref('o.domain').as('domain'),
      select.ref('o.reviewCount').as('reviewCount'),
      select.ref('o.averageScore').as('averageScore'),
      select.ref('o.deviationGames').as('deviationGames'),
      select.ref('o.deviationMean').as('deviationMean'),
      select.ref('o.deviationStdev').as('deviationStdev'),
    ])
    .where('o.slug', '=', args.slug),
);

/**
 * The outlet pages' figures (section 15). What a page reads is precomputed: outlet_game_scores holds each
 * outlet's call on each game against the other outlets, the outlets row its count, average and deviation,
 * so a page reads one row and an index range whatever the catalogue's size.
 */
export class OutletStatsRepository extends EntityRepository<OutletGameScore> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * One game's calls rebuilt from its media reviews, then the figures of every outlet that reviews it (or
   * had a call on it). Locks only what it rewrites: the game (two refreshes of one game) and its outlets'
   * rows, in id order, before reading them, so two games sharing outlets take turns on those outlets only
   * and each outlet's figures are computed after the other game's calls are committed.
   */
  async refreshGame(gameId: number): Promise<number> {
    return this.getEntityManager().transactional(async (em) => {
      const db = typedSql(em);
      await db
        .selectNoFrom((select) =>
          select
            .fn('pg_advisory_xact_lock', [select.val(OUTLET_CALLS_LOCK), select.val(gameId)])
            .as('locked'),
        )
        .execute();
      const outlets = await db
        .selectFrom('Outlet as o')
        .select('o.id')
        .where((where) =>
          where.or([
            where.exists(
              where
                .selectFrom('MediaReview as mr')
                .select('mr.id')
                .whereRef('mr.outlet', '=', 'o.name')
                .where('mr.game', '=', gameId),
            ),
            where.exists(
              where
                .selectFrom('OutletGameScore as s')
                .select('s.outlet')
                .whereRef('s.outlet', '=', 'o.id')
                .where('s.game', '=', gameId),
            ),
          ]),
        )
        .orderBy('o.id')
        .forUpdate()
        .execute();
      await db.deleteFrom('OutletGameScore').where('game', '=', gameId).execute();
      await db
        .insertInto('OutletGameScore')
        .columns(['outlet', 'game', 'score', 'othersCount', 'othersMean', 'difference'])
        .expression(this.callsQuery(gameId))
        .execute();
      return this.refreshOutletFigures(
        em,
        outlets.map((row) => Number(row.id)),
      );
    });
  }

  /** Every call rebuilt and every outlet's figures (after an import): answers the outlets refreshed. */
  async refreshAll(): Promise<number> {
    return this.getEntityManager().transactional(async (em) => {
      const db = typedSql(em);
      // Every outlet's row, in the order refreshGame locks its own: the two never deadlock.
      await db.selectFrom('Outlet').select('id').orderBy('id').forUpdate().execute();
      await db.deleteFrom('OutletGameScore').execute();
      await db
        .insertInto('OutletGameScore')
        .columns(['outlet', 'game', 'score', 'othersCount', 'othersMean', 'difference'])
        .expression(this.callsQuery())
        .execute();
      return this.refreshOutletFigures(em);
    });
  }

  /**
   * The calls of one game (or of all): each outlet's score on it is the mean of its scored reviews there;
   * the others' mean gives each other outlet one voice.
   */
  private callsQuery(gameId?: number) {
    const db = this.db;
    const perOutlet = db
      .selectFrom('MediaReview as mr')
      .innerJoin('Outlet as o', 'o.name', 'mr.outlet')
      .select((select) => [
        'o.id as outletId',
        'mr.game as gameId',
        sql<number>`avg(${select.ref('mr.rating')})::float8`.as('score'),
      ])
      .where('mr.rating', 'is not', null)
      .$if(gameId !== undefined, (query) => query.where('mr.game', '=', gameId ?? 0))
      .groupBy(['o.id', 'mr.game']);
    const withTotals = db
      .selectFrom(perOutlet.as('p'))
      .select((select) => [
        'p.outletId',
        'p.gameId',
        'p.score',
        sql<number>`(count(*) over (partition by ${select.ref('p.gameId')}) - 1)::int`.as('others'),
        sql<number>`sum(${select.ref('p.score')}) over (partition by ${select.ref('p.gameId')})`.as('total'),
      ]);
    return db.selectFrom(withTotals.as('t')).select((select) => [
      't.outletId',
      't.gameId',
      't.score',
      't.others',
      sql<number | null>`case when ${select.ref('t.others')} > 0
        then (${select.ref('t.total')} - ${select.ref('t.score')}) / ${select.ref('t.others')} end`.as(
        'othersMean',
      ),
      sql<number | null>`case when ${select.ref('t.others')} >= ${MIN_OTHER_OUTLETS}
        then ${select.ref('t.score')} - (${select.ref('t.total')} - ${select.ref('t.score')}) / ${select.ref('t.others')} end`.as(
        'difference',
      ),
    ]);
  }

  /** Count, average and deviation of the given outlets (or all), and a slug for any outlet without one. */
  private async refreshOutletFigures(em: SqlEntityManager, outletIds?: number[]): Promise<number> {
    if (outletIds?.length === 0) return 0;
    await this.assignSlugs(em, outletIds);
    const db = typedSql(em);
    const result = await db
      .updateTable('Outlet')
      .set((update) => ({
        reviewCount: update
          .selectFrom('MediaReview as mr')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('mr.outlet', '=', 'Outlet.name'),
        averageScore: update
          .selectFrom('MediaReview as mr')
          .select((select) => sql<number | null>`avg(${select.ref('mr.rating')})::float8`.as('average'))
          .whereRef('mr.outlet', '=', 'Outlet.name')
          .where('mr.rating', 'is not', null),
        deviationGames: update
          .selectFrom('OutletGameScore as s')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('s.outlet', '=', 'Outlet.id')
          .where('s.difference', 'is not', null),
        deviationMean: update
          .selectFrom('OutletGameScore as s')
          .select((select) => sql<number | null>`avg(${select.ref('s.difference')})`.as('mean'))
          .whereRef('s.outlet', '=', 'Outlet.id'),
        deviationStdev: update
          .selectFrom('OutletGameScore as s')
          .select((select) => sql<number | null>`stddev_samp(${select.ref('s.difference')})`.as('stdev'))
          .whereRef('s.outlet', '=', 'Outlet.id'),
      }))
      .$if(outletIds !== undefined, (query) => query.where('Outlet.id', 'in', outletIds ?? []))
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0);
  }

  /**
   * The slug of its name, with -2, -3... when another outlet's name gives the same one; only the given
   * outlets (the rows the caller locked) or all.
   */
  private async assignSlugs(em: SqlEntityManager, outletIds?: number[]): Promise<void> {
    const db = typedSql(em);
    const missing = await db
      .selectFrom('Outlet')
      .select(['id', 'name'])
      .where('slug', 'is', null)
      .$if(outletIds !== undefined, (query) => query.where('id', 'in', outletIds ?? []))
      .orderBy('id')
      .execute();
    if (missing.length === 0) return;
    const taken = new Set(
      (await db.selectFrom('Outlet').select('slug').where('slug', 'is not', null).execute()).map(
        (row) => row.slug,
      ),
    );
    for (const outlet of missing) {
      const base = slugify(outlet.name).slice(0, 190);
      let slug = base;
      for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
      taken.add(slug);
      await db.updateTable('Outlet').set({ slug }).where('id', '=', outlet.id).execute();
    }
  }

  /** Outlets with at least one review, most reviews first; `q` matches a part of the name. */
  async findPage(filter: OutletFilter): Promise<{ rows: OutletRow[]; total: number }> {
    const base = this.db
      .selectFrom('Outlet as o')
      .where('o.reviewCount', '>', 0)
      .where('o.slug', 'is not', null)
      .$if(Boolean(filter.q), (query) =>
        query.where(
          sql<boolean>`unaccent(lower(${sql.ref('o.name')})) like unaccent(lower(${`%${escapeLike(filter.q ?? '')}%`}))`,
        ),
      )
      .$if(Boolean(filter.country), (query) => query.where('o.country', '=', filter.country ?? ''))
      .$if(Boolean(filter.language), (query) => query.where('o.language', '=', filter.language ?? ''));
    const [rows, count] = await Promise.all([
      base
        .select(OUTLET_COLUMNS)
        .orderBy('o.reviewCount', 'desc')
        .orderBy('o.name')
        .limit(filter.size)
        .offset(filter.page * filter.size)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toOutletRow), total: Number(count.total) };
  }

  /** The outlet of a slug (prepared, on the read route, without the plugin's result pass). */
  async findBySlug(slug: string): Promise<OutletRow | null> {
    const em = this.getEntityManager();
    const [row] = await typedRows(em, OUTLET_BY_SLUG(em, { slug }), currentReadRoute());
    return row ? toOutletRow(row) : null;
  }

  /**
   * A page of the reviews of the outlet of a slug, newest first (undated last), as the API's JSON text of
   * the page's array, and how many reviews it has; null for no such outlet or one without reviews.
   */
  async reviewsPageBySlug(
    slug: string,
    page: number,
    size: number,
  ): Promise<{ content: string; total: number } | null> {
    const em = this.getEntityManager();
    const [row] = await typedRows(
      em,
      REVIEWS_BY_SLUG(em, { slug, limit: size, offset: page * size }),
      currentReadRoute(),
    );
    return row ? { content: row.content, total: Number(row.total) } : null;
  }

  /**
   * The chart of differences of the outlet of a slug (differenceHistogram) and its `limit` most generous and
   * harshest calls (extremeCalls); null for no such outlet or one without reviews.
   */
  async differencesBySlug(
    slug: string,
    limit: number,
  ): Promise<{ histogram: number[]; generous: OutletCall[]; harsh: OutletCall[] } | null> {
    const em = this.getEntityManager();
    const [row] = await typedRows(em, DIFFERENCES_BY_SLUG(em, { slug, limit }), currentReadRoute());
    if (!row) return null;
    const call = (value: OutletCall): OutletCall => ({
      igdbId: Number(value.igdbId),
      title: value.title,
      score: Number(value.score),
      othersMean: Number(value.othersMean),
      othersCount: Number(value.othersCount),
      difference: Number(value.difference),
    });
    return {
      histogram: row.histogram.map(Number),
      generous: row.generous.map(call),
      harsh: row.harsh.map(call),
    };
  }

  /** Counts of its compared calls by difference, in bins of 5 points from -50 to +50 (the ends open). */
  async differenceHistogram(outletId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('OutletGameScore as s')
      .select((select) => [
        sql<number>`least(greatest(floor(${select.ref('s.difference')} / ${DIFFERENCE_BIN_WIDTH}), ${-DIFFERENCE_BINS / 2}), ${DIFFERENCE_BINS / 2 - 1})::int`.as(
          'bin',
        ),
        sql<number>`count(*)::int`.as('total'),
      ])
      .where('s.outlet', '=', outletId)
      .where('s.difference', 'is not', null)
      .groupBy('bin')
      .execute();
    const bins = new Array<number>(DIFFERENCE_BINS).fill(0);
    for (const row of rows) bins[Number(row.bin) + DIFFERENCE_BINS / 2] = Number(row.total);
    return bins;
  }

  /** Its calls furthest above ('generous') or below ('harsh') the other outlets', the largest first. */
  async extremeCalls(
    outletId: number,
    direction: 'generous' | 'harsh',
    limit: number,
  ): Promise<OutletCall[]> {
    const rows = await this.db
      .selectFrom('OutletGameScore as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select(['g.igdbId', 'g.title', 's.score', 's.othersMean', 's.othersCount', 's.difference'])
      .where('s.outlet', '=', outletId)
      .where('s.difference', direction === 'generous' ? '>' : '<', 0)
      .orderBy('s.difference', direction === 'generous' ? 'desc' : 'asc')
      .orderBy('g.igdbId')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.igdbId),
      title: row.title,
      score: Number(row.score),
      othersMean: Number(row.othersMean),
      othersCount: Number(row.othersCount),
      difference: Number(row.difference),
    }));
  }

  /** Its reviews, newest first (undated last), a page of them and how many there are. */
  async reviewsPage(
    outletName: string,
    page: number,
    size: number,
  ): Promise<{ rows: OutletReviewRow[]; total: number }> {
    const em = this.getEntityManager();
    const route = currentReadRoute();
    const [rows, count] = await Promise.all([
      typedRows(em, REVIEWS_PAGE(em, { outlet: outletName, limit: size, offset: page * size }), route),
      typedRows(em, REVIEWS_COUNT(em, { outlet: outletName }), route),
    ]);
    return {
      rows: rows.map((row) => ({
        igdbId: Number(row.igdbId),
        title: row.title,
        rating: row.rating ?? null,
        date: row.publishedAt ?? null,
      })),
      total: Number(count[0]?.total ?? 0),
    };
  }

  /** How a user's ratings compare with the outlet's scores on the games both rated. */
  async agreement(userId: number, outletId: number): Promise<OutletAgreementRow> {
    const row = await this.db
      .selectFrom('Rating as r')
      .innerJoin('OutletGameScore as s', 's.game', 'r.game')
      .select((select) => [
        sql<number>`count(*)::int`.as('games'),
        sql<number | null>`avg(${select.ref('r.score')} - ${select.ref('s.score')})`.as('meanDifference'),
        sql<number | null>`avg(abs(${select.ref('r.score')} - ${select.ref('s.score')}))`.as(
          'meanAbsoluteDifference',
        ),
        sql<number | null>`corr(${select.ref('r.score')}, ${select.ref('s.score')})`.as('correlation'),
      ])
      .where('r.user', '=', userId)
      .where('s.outlet', '=', outletId)
      .executeTakeFirstOrThrow();
    return {
      games: Number(row.games),
      meanDifference: row.meanDifference === null ? null : Number(row.meanDifference),
      meanAbsoluteDifference: row.meanAbsoluteDifference === null ? null : Number(row.meanAbsoluteDifference),
      correlation: row.correlation === null ? null : Number(row.correlation),
    };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

type OutletSelection = {
  id: number;
  slug?: string | null;
  name: string;
  country?: string | null;
  language?: string | null;
  domain?: string | null;
  reviewCount: number;
  averageScore?: number | null;
  deviationGames: number;
  deviationMean?: number | null;
  deviationStdev?: number | null;
};

function toOutletRow(row: OutletSelection): OutletRow {
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    id: Number(row.id),
    slug: row.slug ?? '',
    name: row.name,
    country: row.country ?? null,
    language: row.language ?? null,
    domain: row.domain ?? null,
    reviewCount: Number(row.reviewCount),
    averageScore: number(row.averageScore),
    deviationGames: Number(row.deviationGames),
    deviationMean: number(row.deviationMean),
    deviationStdev: number(row.deviationStdev),
  };
}
