import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { PLAYER_TIMES_MINIMUM } from '@veredicto/contract';
import type { PlayStatus } from '@veredicto/contract';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql, type Database, type TypedSql } from '../typed-sql.js';
import type { CompletedHours, PlayerTimeRow } from './player-times.js';

/** IGDB's figures of one game, in seconds as IGDB gives them (game_time_to_beats). */
export interface IgdbTimeToBeat {
  igdbId: number;
  hastily: number | null;
  normally: number | null;
  completely: number | null;
  count: number;
  updatedAt: Date | null;
}

/** What the game page's 'Cuánto dura' reads: IGDB's figures (hours) and the players' per platform. */
export interface TimeToBeatRows {
  igdb: { main: number | null; mainExtra: number | null; completionist: number | null; count: number } | null;
  players: PlayerTimeRow[];
}

/** One of a player's statuses with its hours (stated, else the sessions' sum) and its game's main story. */
export interface PlayerGameHours {
  gameId: number;
  status: PlayStatus;
  /** Null when the player stated none and logged no session. */
  hours: number | null;
  lengthHours: number | null;
}

type OnStatuses = ExpressionBuilder<Database & { s: Database['GameStatus'] }, 's'>;

/** Seconds as hours with one decimal, in SQL. */
const secondsAsHours = (seconds: unknown) =>
  sql<number | null>`round((${seconds} / 3600.0)::numeric, 1)::float8`;

/**
 * How long games take (docs/CONTRACT.md §19): IGDB's figures (written by the IGDB import), our players'
 * per platform (written by the compute-player-times job), and games.length_hours, the main story's hours
 * the catalogue filters and sorts by: IGDB's `hastily`, otherwise the players' median from
 * PLAYER_TIMES_MINIMUM players.
 */
export class TimeToBeatRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db(): TypedSql {
    return typedSql(this.em);
  }

  /** The hours of a status: the player's stated figure, otherwise the sum of their sessions of the game. */
  private statusHours(eb: OnStatuses) {
    const sessions = eb
      .selectFrom('PlaySession as p')
      .select((inner) => sql<string>`sum(${inner.ref('p.minutes')}) / 60.0`.as('hours'))
      .whereRef('p.user', '=', 's.user')
      .whereRef('p.game', '=', 's.game');
    return sql<number | null>`coalesce(${eb.ref('s.hours')}::float8, (${sessions})::float8)`;
  }

  /** The completed statuses of a game with their hours (the job's input). */
  async completedHours(gameId: number): Promise<CompletedHours[]> {
    const rows = await this.db
      .selectFrom('GameStatus as s')
      .select((eb) => ['s.platform', this.statusHours(eb).as('hours')])
      .where('s.game', '=', gameId)
      .where('s.status', '=', 'completed')
      .execute();
    return rows
      .filter((row) => row.hours !== null && Number(row.hours) > 0)
      .map((row) => ({ platform: row.platform ?? null, hours: Number(row.hours) }));
  }

  /**
   * Replaces a game's players' figures and refreshes its main story hours, in one transaction. Answers the
   * game's IGDB id when its length_hours changed (its catalogue orderings move), else null.
   */
  async replacePlayerTimes(gameId: number, rows: PlayerTimeRow[]): Promise<number | null> {
    return this.em.transactional(async (tx) => {
      const db = typedSql(tx);
      await db.deleteFrom('GamePlayerTime').where('game', '=', gameId).execute();
      if (rows.length)
        await db
          .insertInto('GamePlayerTime')
          .values(rows.map((row) => ({ game: gameId, ...row })))
          .execute();
      const [changed] = await refreshLength(db, [gameId]);
      return changed ?? null;
    });
  }

  /**
   * Stores IGDB's figures of the games known by these IGDB ids (others are skipped) and refreshes their
   * main story hours. Answers the IGDB ids whose length_hours changed.
   */
  async saveIgdb(figures: IgdbTimeToBeat[]): Promise<number[]> {
    if (!figures.length) return [];
    return this.em.transactional(async (tx) => {
      const db = typedSql(tx);
      const games = await db
        .selectFrom('Game as g')
        .select(['g.id', 'g.igdbId'])
        .where(
          'g.igdbId',
          'in',
          figures.map((figure) => figure.igdbId),
        )
        .execute();
      const idOf = new Map(games.map((game) => [Number(game.igdbId), Number(game.id)]));
      const rows = figures.flatMap(({ igdbId, updatedAt, ...seconds }) => {
        const game = idOf.get(igdbId);
        return game === undefined
          ? []
          : [{ game, source: 'igdb', ...seconds, sourceUpdatedAt: updatedAt, fetchedAt: sql<Date>`now()` }];
      });
      if (!rows.length) return [];
      await db
        .insertInto('GameTimeToBeat')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['game', 'source']).doUpdateSet((update) => ({
            hastily: update.ref('excluded.hastily'),
            normally: update.ref('excluded.normally'),
            completely: update.ref('excluded.completely'),
            count: update.ref('excluded.count'),
            sourceUpdatedAt: update.ref('excluded.sourceUpdatedAt'),
            fetchedAt: update.ref('excluded.fetchedAt'),
          })),
        )
        .execute();
      return refreshLength(
        db,
        rows.map((row) => row.game),
      );
    });
  }

  /** What the game page shows of how long the game takes (read on the request's read route). */
  async findForGame(gameId: number): Promise<TimeToBeatRows> {
    const reads = typedSql(this.em, currentReadRoute());
    const [igdb, players] = await Promise.all([
      reads
        .selectFrom('GameTimeToBeat as t')
        .select((eb) => [
          secondsAsHours(eb.ref('t.hastily')).as('main'),
          secondsAsHours(eb.ref('t.normally')).as('mainExtra'),
          secondsAsHours(eb.ref('t.completely')).as('completionist'),
          't.count',
        ])
        .where('t.game', '=', gameId)
        .where('t.source', '=', 'igdb')
        .executeTakeFirst(),
      reads
        .selectFrom('GamePlayerTime as pt')
        .select(['pt.platform', 'pt.median', 'pt.p25', 'pt.p75', 'pt.count'])
        .where('pt.game', '=', gameId)
        .where('pt.count', '>=', PLAYER_TIMES_MINIMUM)
        .orderBy('pt.count', 'desc')
        .orderBy('pt.platform')
        .execute(),
    ]);
    const hours = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return {
      igdb: igdb
        ? {
            main: hours(igdb.main),
            mainExtra: hours(igdb.mainExtra),
            completionist: hours(igdb.completionist),
            count: Number(igdb.count),
          }
        : null,
      players: players.map((row) => ({
        platform: row.platform,
        median: Number(row.median),
        p25: Number(row.p25),
        p75: Number(row.p75),
        count: Number(row.count),
      })),
    };
  }

  /** A player's statuses with their hours and their games' main story hours (the estimate's input). */
  async playerGames(userId: number): Promise<PlayerGameHours[]> {
    const rows = await typedSql(this.em, currentReadRoute())
      .selectFrom('GameStatus as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select((eb) => ['s.game', 's.status', this.statusHours(eb).as('hours'), 'g.lengthHours'])
      .where('s.user', '=', userId)
      .execute();
    return rows.map((row) => ({
      gameId: Number(row.game),
      status: row.status,
      hours: row.hours === null ? null : Number(row.hours),
      lengthHours: row.lengthHours === null || row.lengthHours === undefined ? null : Number(row.lengthHours),
    }));
  }
}

/**
 * Sets games.length_hours from IGDB's `hastily` or else the players' median of every platform (from
 * PLAYER_TIMES_MINIMUM players), for these games; answers the IGDB ids of those whose value changed.
 */
async function refreshLength(db: TypedSql, gameIds: number[]): Promise<number[]> {
  if (!gameIds.length) return [];
  const rows = await db
    .updateTable('Game')
    .set((eb) => ({ lengthHours: mainStoryHours(eb) }))
    .where('Game.id', 'in', gameIds)
    .where((eb) => eb('Game.lengthHours', 'is distinct from', mainStoryHours(eb)))
    .returning('Game.igdbId')
    .execute();
  return rows.map((row) => Number(row.igdbId));
}

type OnGame = ExpressionBuilder<Database, 'Game'>;

/** IGDB's `hastily` in hours, or else the players' median of every platform when enough of them. */
const mainStoryHours = (eb: OnGame) =>
  eb.fn.coalesce(
    eb
      .selectFrom('GameTimeToBeat as t')
      .select((inner) => secondsAsHours(inner.ref('t.hastily')).as('hours'))
      .whereRef('t.game', '=', 'Game.id')
      .where('t.source', '=', 'igdb'),
    eb
      .selectFrom('GamePlayerTime as pt')
      .select((inner) => sql<number>`${inner.ref('pt.median')}::float8`.as('hours'))
      .whereRef('pt.game', '=', 'Game.id')
      .where('pt.platform', '=', '')
      .where('pt.count', '>=', PLAYER_TIMES_MINIMUM),
  );
