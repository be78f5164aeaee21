import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { currentReadRoute } from '../replication/read-routing.js';
import { reusableQuery, typedRows, typedSql, type TypedSql } from '../typed-sql.js';
import { cardJson, type OnGames } from './game-card.js';
import type { GenreOfSlug } from './genre-slugs.js';

export interface BestOfFilter {
  year?: number;
  /** A platform's display name as stored on games. */
  platform?: string;
  genre?: GenreOfSlug;
}

export interface BestOfRank {
  year: number;
  /** Null: every platform. */
  platform: string | null;
  rank: number;
}

/** A list's filter as query arguments: every value a parameter (reusableQuery), the year as its dates. */
type ListArgs = {
  from: string | null;
  to: string | null;
  platform: string | null;
  genreName: string | null;
  genreIgdbNames: string[] | null;
};

const listArgs = (filter: BestOfFilter): ListArgs => ({
  from: filter.year === undefined ? null : `${filter.year}-01-01`,
  to: filter.year === undefined ? null : `${filter.year}-12-31`,
  platform: filter.platform ?? null,
  genreName: filter.genre?.name ?? null,
  genreIgdbNames: filter.genre ? [...filter.genre.igdbNames] : null,
});

/**
 * Every ranked game (a shown critic average, not adult: section 16 keeps adult titles out of every list,
 * as out of the catalogue's default) in the lists' order, with the lists' filter columns: a walk of
 * games_best_of_idx, 1,761 entries on the large catalogue. `offset 0` keeps it a subquery of its own, so
 * the lists' filters (parameters) apply to its rows instead of choosing the plan: a prepared statement's
 * generic plan, which cannot know how few games a year or a platform has among the ranked ones, otherwise
 * intersected the release-date and platform indexes of the whole catalogue (10k+ rows each, 12 ms) for a
 * page the index walk gives in under 1 ms. `not mature` is SQL, not a parameter, to match the index.
 */
const ranked = (db: TypedSql) =>
  db
    .selectFrom('Game as g')
    .select([
      'g.id',
      'g.avRatings',
      'g.criticReviewCount',
      'g.releaseDate',
      'g.platforms',
      'g.genres',
      'g.genresEs',
    ])
    .where('g.avRatings', 'is not', null)
    .where(sql<boolean>`not ${sql.ref('g.mature')}`)
    .orderBy('g.avRatings', 'desc')
    .orderBy('g.criticReviewCount', 'desc')
    .orderBy('g.id')
    .modifyEnd(sql`offset 0`);

/** The ranked games of a list, in the lists' order (ranked). */
const listed = (db: TypedSql, args: ListArgs) =>
  db
    .selectFrom(ranked(db).as('g'))
    .$if(args.from !== null, (query) =>
      query.where('g.releaseDate', '>=', args.from!).where('g.releaseDate', '<=', args.to!),
    )
    .$if(args.platform !== null, (query) =>
      query.where(sql<boolean>`${sql.ref('g.platforms')} @> array[${args.platform}]::text[]`),
    )
    .$if(args.genreName !== null, (query) =>
      query.where((where) =>
        where.or([
          sql<boolean>`${sql.ref('g.genresEs')} @> array[${args.genreName}]::text[]`,
          where.and([
            sql<boolean>`cardinality(${sql.ref('g.genresEs')}) = 0`,
            sql<boolean>`${sql.ref('g.genres')} && ${sql.val(args.genreIgdbNames)}::text[]`,
          ]),
        ]),
      ),
    );

/**
 * A page of a list: its ids off games_best_of_idx in the list's order, then only those games' cards, each
 * written as the API's JSON by the database (cardJson, as the catalogue's pages). Built once per shape and
 * prepared (reusableQuery): building and mapping the statement cost the API more CPU than the database
 * spends on the page. Each row carries the list's length (a window count over the list, taken before the
 * page's LIMIT): one walk of the ranked games and one round trip instead of a page and a count.
 */
const LIST_PAGE = reusableQuery((db, args: ListArgs & { limit: number; offset: number }) =>
  db
    .selectFrom(
      listed(db, args)
        .select(['g.id', 'g.avRatings', 'g.criticReviewCount', sql<number>`count(*) over ()`.as('total')])
        .orderBy('g.avRatings', 'desc')
        .orderBy('g.criticReviewCount', 'desc')
        .orderBy('g.id')
        .limit(args.limit)
        .offset(args.offset)
        .as('p'),
    )
    .innerJoin('Game as g', 'g.id', 'p.id')
    .select((select: OnGames) => cardJson(select).as('card'))
    .select(sql<number>`p.total::int`.as('total'))
    .orderBy('p.avRatings', 'desc')
    .orderBy('p.criticReviewCount', 'desc')
    .orderBy('p.id'),
);

const LIST_COUNT = reusableQuery((db, args: ListArgs) =>
  listed(db, args).select(sql<number>`count(*)::int`.as('total')),
);

/**
 * Best-of lists (section 15): games with a shown critic average, ranked by it, more reviews first on a
 * tie (then the older id, so pages never overlap), by release year, platform or genre.
 */
export class BestOfRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em, currentReadRoute());
  }

  private filtered(filter: BestOfFilter) {
    return listed(this.db, listArgs(filter));
  }

  /**
   * A page of a list as its cards' JSON texts (presentSummary's JSON, byte for byte) and the list's length,
   * on the read route, without the plugin's result pass.
   */
  async findPage(
    filter: BestOfFilter,
    page: number,
    size: number,
  ): Promise<{ cards: string[]; total: number }> {
    const args = listArgs(filter);
    const route = currentReadRoute();
    const rows = await typedRows(
      this.em,
      LIST_PAGE(this.em, { ...args, limit: size, offset: page * size }),
      route,
    );
    // A page past the list's end has no row to carry the length: counted apart (rare).
    const total = rows.length
      ? Number(rows[0].total)
      : Number((await typedRows(this.em, LIST_COUNT(this.em, args), route))[0]?.total ?? 0);
    return { cards: rows.map((row) => row.card), total };
  }

  /**
   * The game's place in its release year's list and in the year's list of each of its platforms (the
   * number of games ranked before it, plus one); empty without a shown average or a release date.
   */
  async ranksOf(igdbId: number): Promise<BestOfRank[]> {
    const game = await this.db
      .selectFrom('Game as g')
      .select(['g.id', 'g.avRatings', 'g.criticReviewCount', 'g.platforms', 'g.releaseDate'])
      .where('g.igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!game || game.avRatings === null || game.avRatings === undefined || !game.releaseDate) return [];
    const year = Number(String(game.releaseDate).slice(0, 4));
    const average = Number(game.avRatings);
    const reviews = Number(game.criticReviewCount);
    const lists: (string | null)[] = [null, ...(game.platforms ?? [])];
    return Promise.all(
      lists.map(async (platform) => {
        const row = await this.filtered({ year, platform: platform ?? undefined })
          .select(sql<number>`count(*)::int`.as('ahead'))
          .where((where) =>
            where.or([
              where('g.avRatings', '>', average),
              where.and([where('g.avRatings', '=', average), where('g.criticReviewCount', '>', reviews)]),
              where.and([
                where('g.avRatings', '=', average),
                where('g.criticReviewCount', '=', reviews),
                where('g.id', '<', Number(game.id)),
              ]),
            ]),
          )
          .executeTakeFirstOrThrow();
        return { year, platform, rank: Number(row.ahead) + 1 };
      }),
    );
  }

  /**
   * How many ranked games each year and each (year, platform) has, the years and lists with at least
   * `minimum` of them only, newest year first: the lists worth offering.
   */
  async listSizes(minimum: number): Promise<{ year: number; platform: string | null; games: number }[]> {
    // Each ranked game once per its platforms and once for its year's list (the null platform).
    const entries = this.db
      .selectFrom(ranked(this.db).as('g'))
      .select([
        sql<number>`extract(year from ${sql.ref('g.releaseDate')})::int`.as('year'),
        sql<string | null>`unnest(array[null]::text[] || ${sql.ref('g.platforms')})`.as('platform'),
      ])
      .where('g.releaseDate', 'is not', null);
    const rows = await this.db
      .selectFrom(entries.as('e'))
      .select(['e.year', 'e.platform', sql<number>`count(*)::int`.as('games')])
      .groupBy(['e.year', 'e.platform'])
      .having(sql<number>`count(*)`, '>=', minimum)
      .orderBy('e.year', 'desc')
      .orderBy('games', 'desc')
      .execute();
    return rows.map((row) => ({
      year: Number(row.year),
      platform: row.platform ?? null,
      games: Number(row.games),
    }));
  }

  /** The years, (year, platform) pairs and genres that have a list: the sitemap's entries. */
  async listsWithGames(): Promise<{
    years: number[];
    yearPlatforms: { year: number; platform: string }[];
    genres: string[];
  }> {
    const db = this.db;
    const [years, pairs, genres] = await Promise.all([
      db
        .selectFrom('Game as g')
        .select(sql<number>`extract(year from ${sql.ref('g.releaseDate')})::int`.as('year'))
        .where('g.avRatings', 'is not', null)
        .where('g.releaseDate', 'is not', null)
        .groupBy('year')
        .orderBy('year')
        .execute(),
      db
        .selectFrom('Game as g')
        .select([
          sql<number>`extract(year from ${sql.ref('g.releaseDate')})::int`.as('year'),
          sql<string>`unnest(${sql.ref('g.platforms')})`.as('platform'),
        ])
        .distinct()
        .where('g.avRatings', 'is not', null)
        .where('g.releaseDate', 'is not', null)
        .orderBy('year')
        .orderBy('platform')
        .execute(),
      db
        .selectFrom('Game as g')
        .select([sql<string>`unnest(${sql.ref('g.genres')})`.as('genre')])
        .distinct()
        .where('g.avRatings', 'is not', null)
        .orderBy('genre')
        .execute(),
    ]);
    return {
      years: years.map((row) => Number(row.year)),
      yearPlatforms: pairs.map((row) => ({ year: Number(row.year), platform: String(row.platform) })),
      genres: genres.map((row) => String(row.genre)),
    };
  }
}
