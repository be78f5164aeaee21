import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql } from '../typed-sql.js';
import { summaryColumns, toSummary, type OnGames } from './game-card.js';
import type { GameSummaryRow } from './game-rows.js';
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
    return this.db
      .selectFrom('Game as g')
      .where('g.avRatings', 'is not', null)
      .where('g.mature', '=', false)
      .$if(filter.year !== undefined, (query) =>
        query
          .where('g.releaseDate', '>=', `${filter.year}-01-01`)
          .where('g.releaseDate', '<=', `${filter.year}-12-31`),
      )
      .$if(filter.platform !== undefined, (query) =>
        query.where(sql<boolean>`${sql.ref('g.platforms')} @> array[${filter.platform}]::text[]`),
      )
      .$if(filter.genre !== undefined, (query) =>
        query.where((where) =>
          where.or([
            sql<boolean>`${sql.ref('g.genresEs')} @> array[${filter.genre?.name}]::text[]`,
            where.and([
              sql<boolean>`cardinality(${sql.ref('g.genresEs')}) = 0`,
              sql<boolean>`${sql.ref('g.genres')} && ${sql.val(filter.genre?.igdbNames ?? [])}::text[]`,
            ]),
          ]),
        ),
      );
  }

  async findPage(
    filter: BestOfFilter,
    page: number,
    size: number,
  ): Promise<{ rows: GameSummaryRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(filter)
        .select((select: OnGames) => summaryColumns(select))
        .orderBy('g.avRatings', 'desc')
        .orderBy('g.criticReviewCount', 'desc')
        .orderBy('g.id')
        .limit(size)
        .offset(page * size)
        .execute(),
      this.filtered(filter)
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toSummary), total: Number(count.total) };
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
