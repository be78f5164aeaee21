import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { summaryColumns, toSummary, type OnGames } from '../games/game-card.js';
import type { GameSummaryRow } from '../games/game-rows.js';
import { spanishGenres } from '../games/spanish-genres.js';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql } from '../typed-sql.js';
import { seriesKeys } from './series-key.js';

/** How many similar games a game keeps (section 15: up to 12). */
export const SIMILAR_GAMES = 12;
/** Candidates scored in SQL before the reasons are written. */
const CANDIDATES = 40;

/** Weights of the similarity score: a series outweighs a studio, a studio outweighs shared genres. */
const WEIGHTS = {
  series: 6,
  looseSeries: 3,
  developer: 3,
  publisher: 1,
  genres: 2.5,
  platform: 0.5,
  reviews: 1,
};

export interface SimilarGameRow extends GameSummaryRow {
  reason: string;
}

interface Candidate {
  id: number;
  series: boolean;
  looseSeries: boolean;
  developers: string[];
  publishers: string[];
  genres: string[];
  genresEs: string[];
  score: number;
}

/** Similar games (section 15): computed by the similar-games job from the catalogue's own facts. */
export class SimilarGameRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  /**
   * Recomputes a game's similar games from its series (read from titles), studio, publisher, genres and
   * platforms, more-reviewed games first among equals; replaces the stored list. False: no such game.
   */
  async recompute(igdbId: number): Promise<boolean> {
    const game = await this.db
      .selectFrom('Game as g')
      .select(['g.id', 'g.title', 'g.searchName', 'g.genres', 'g.developers', 'g.publishers', 'g.platforms'])
      .where('g.igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!game) return false;
    const { series, loose } = seriesKeys(game.title);
    const prefix = (key: string | null) =>
      key === null
        ? sql<boolean>`false`
        : sql<boolean>`(${sql.ref('c.searchName')} = ${key} or ${sql.ref('c.searchName')} like ${`${key} %`})`;
    const genres = sql.val(game.genres);
    const developers = sql.val(game.developers);
    const publishers = sql.val(game.publishers);
    const platforms = sql.val(game.platforms);
    const rows = await this.db
      .selectFrom('Game as c')
      .select((select) => [
        'c.id',
        'c.developers',
        'c.publishers',
        'c.genres',
        'c.genresEs',
        prefix(series).as('series'),
        prefix(loose).as('looseSeries'),
        sql<number>`(
          ${sql.lit(WEIGHTS.series)} * (${prefix(series)})::int
          + ${sql.lit(WEIGHTS.looseSeries)} * (${prefix(loose)} and not ${prefix(series)})::int
          + ${sql.lit(WEIGHTS.developer)} * (${select.ref('c.developers')} && ${developers}::text[])::int
          + ${sql.lit(WEIGHTS.publisher)} * (${select.ref('c.publishers')} && ${publishers}::text[])::int
          + ${sql.lit(WEIGHTS.genres)} * (select count(*) from unnest(${select.ref('c.genres')}) as shared
              where shared = any(${genres}::text[]))::float8 / greatest(cardinality(${genres}::text[]), 1)
          + ${sql.lit(WEIGHTS.platform)} * (${select.ref('c.platforms')} && ${platforms}::text[])::int
          + ${sql.lit(WEIGHTS.reviews)} * ln(1 + ${select.ref('c.criticReviewCount')}) / ln(60)
        )::float8`.as('score'),
      ])
      .where('c.id', '!=', game.id)
      .where((where) =>
        where.or([
          prefix(series),
          prefix(loose),
          sql<boolean>`${where.ref('c.developers')} && ${developers}::text[]`,
          sql<boolean>`${where.ref('c.genres')} && ${genres}::text[]`,
        ]),
      )
      .orderBy('score', 'desc')
      .orderBy('c.id')
      .limit(CANDIDATES)
      .execute();
    const chosen = rows.slice(0, SIMILAR_GAMES).map((row) => ({ ...row, id: Number(row.id) }) as Candidate);
    await this.em.transactional(async (em) => {
      const db = typedSql(em);
      await db.deleteFrom('SimilarGame').where('game', '=', game.id).execute();
      if (chosen.length === 0) return;
      await db
        .insertInto('SimilarGame')
        .values(
          chosen.map((candidate, index) => ({
            game: game.id,
            similar: candidate.id,
            rank: index + 1,
            score: candidate.score,
            reason: reasonFor(candidate, game),
          })),
        )
        .execute();
    });
    return true;
  }

  /** The stored list, best first, as game cards with their reasons. */
  async findFor(igdbId: number): Promise<SimilarGameRow[] | null> {
    const db = typedSql(this.em, currentReadRoute());
    const game = await db
      .selectFrom('Game as g')
      .select('g.id')
      .where('g.igdbId', '=', igdbId)
      .executeTakeFirst();
    if (!game) return null;
    const rows = await db
      .selectFrom('SimilarGame as s')
      .innerJoin('Game as g', 'g.id', 's.similar')
      .select((select: OnGames) => summaryColumns(select))
      .select(['s.reason'])
      .where('s.game', '=', game.id)
      .orderBy('s.rank')
      .execute();
    return rows.map((row) => ({ ...toSummary(row), reason: row.reason }));
  }
}

/** The Spanish reason shown beside a similar game: its strongest tie. */
function reasonFor(
  candidate: Candidate,
  game: { developers: string[]; publishers: string[]; genres: string[] },
): string {
  if (candidate.series || candidate.looseSeries) return 'Misma saga';
  const studio = candidate.developers.find((developer) => game.developers.includes(developer));
  if (studio) return `Mismo estudio (${studio})`;
  const shared = candidate.genres.filter((genre) => game.genres.includes(genre));
  if (shared.length > 0) return `Géneros: ${spanishGenres([], shared).join(', ')}`;
  const publisher = candidate.publishers.find((name) => game.publishers.includes(name));
  return publisher ? `Misma editora (${publisher})` : 'Parecido';
}
