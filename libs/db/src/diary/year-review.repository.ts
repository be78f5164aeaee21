import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { PlayStatus } from '@veredicto/contract';

/** The calendar a moment (a rating, a status change) is placed in when it has no date of its own. */
export const DIARY_TIME_ZONE = 'Europe/Madrid';

interface YearGame {
  gameId: number;
  igdbId: number;
  title: string;
  slug: string;
  imageCover: string | null;
}

/** A status that belongs to the year: completed in it, or whose stated hours are counted in it. */
export interface YearStatusRow extends YearGame {
  status: PlayStatus;
  platform: string | null;
  /** The day it was completed (finishedAt, or the day the status became 'completed'); null otherwise. */
  completedOn: string | null;
  /** The stated hours, counted in this year. */
  statedHours: number | null;
  /** Every session of the game, whatever its year: a completed game's hours are all of them. */
  sessionMinutes: number;
  score: number | null;
}

/** The year's sessions of a game, by platform (the session's, or else the status'). */
export interface YearSessionRow extends YearGame {
  platform: string | null;
  minutes: number;
  /** The game's hours are the stated ones: its sessions count in no year. */
  hasStatedHours: boolean;
}

export interface YearRatingRow extends YearGame {
  score: number;
  ratedAt: Date;
}

/**
 * What 'Tu año' reads of one user and one calendar year: the statuses completed in it, its sessions and its
 * ratings. A moment without a date of its own falls in the year of its day in Spain.
 */
export class YearReviewRepository {
  constructor(private readonly em: EntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  /** The day a status belongs to: the day the game was finished, or else the day the status last changed. */
  private static dayOf(finishedAt: Expression<string | null | undefined>, statusChangedAt: Expression<Date>) {
    return sql<string>`coalesce(${finishedAt}, (${statusChangedAt} at time zone ${DIARY_TIME_ZONE})::date)`;
  }

  /**
   * The user's statuses completed in the year, and those whose stated hours count in it. Both fall on the
   * day the game was finished, or else the day its status last changed.
   */
  async statuses(userId: number, year: number): Promise<YearStatusRow[]> {
    const rows = await this.db
      .selectFrom('GameStatus as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .leftJoin('Rating as r', (join) => join.onRef('r.user', '=', 's.user').onRef('r.game', '=', 's.game'))
      .select((eb) => [
        's.status',
        's.platform',
        eb.ref('s.hours').as('statedHours'),
        eb.ref('s.game').as('gameId'),
        'g.igdbId',
        'g.title',
        'g.slug',
        'g.imageCover',
        eb.ref('r.score').as('score'),
        sql<string>`to_char(${YearReviewRepository.dayOf(eb.ref('s.finishedAt'), eb.ref('s.statusChangedAt'))}, 'YYYY-MM-DD')`.as(
          'day',
        ),
        eb
          .selectFrom('PlaySession as p')
          .select((inner) => sql<number>`coalesce(sum(${inner.ref('p.minutes')}), 0)::int`.as('minutes'))
          .whereRef('p.user', '=', 's.user')
          .whereRef('p.game', '=', 's.game')
          .as('sessionMinutes'),
      ])
      .where('s.user', '=', userId)
      .where((eb) => eb.or([eb('s.status', '=', 'completed'), eb('s.hours', 'is not', null)]))
      .where(
        (eb) =>
          sql<boolean>`${YearReviewRepository.dayOf(eb.ref('s.finishedAt'), eb.ref('s.statusChangedAt'))} between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`,
      )
      .execute();
    return rows.map((row) => {
      const statedHours =
        row.statedHours === null || row.statedHours === undefined ? null : Number(row.statedHours);
      return {
        gameId: Number(row.gameId),
        igdbId: Number(row.igdbId),
        title: row.title,
        slug: row.slug,
        imageCover: row.imageCover ?? null,
        status: row.status,
        platform: row.platform ?? null,
        completedOn: row.status === 'completed' ? row.day : null,
        statedHours,
        sessionMinutes: Number(row.sessionMinutes ?? 0),
        score: row.score === null || row.score === undefined ? null : Number(row.score),
      };
    });
  }

  /** The year's sessions summed per game and platform. */
  async sessions(userId: number, year: number): Promise<YearSessionRow[]> {
    const rows = await this.db
      .selectFrom('PlaySession as p')
      .innerJoin('Game as g', 'g.id', 'p.game')
      .leftJoin('GameStatus as s', (join) =>
        join.onRef('s.user', '=', 'p.user').onRef('s.game', '=', 'p.game'),
      )
      .select((eb) => [
        eb.ref('p.game').as('gameId'),
        'g.igdbId',
        'g.title',
        'g.slug',
        'g.imageCover',
        sql<string | null>`coalesce(${eb.ref('p.platform')}, ${eb.ref('s.platform')})`.as('platform'),
        sql<number>`sum(${eb.ref('p.minutes')})::int`.as('minutes'),
        sql<boolean>`${eb.ref('s.hours')} is not null`.as('hasStatedHours'),
      ])
      .where('p.user', '=', userId)
      .where('p.playedOn', '>=', `${year}-01-01`)
      .where('p.playedOn', '<=', `${year}-12-31`)
      .groupBy((eb) => [
        eb.ref('p.game'),
        eb.ref('g.id'),
        sql`coalesce(${eb.ref('p.platform')}, ${eb.ref('s.platform')})`,
        eb.ref('s.hours'),
      ])
      .execute();
    return rows.map((row) => ({
      gameId: Number(row.gameId),
      igdbId: Number(row.igdbId),
      title: row.title,
      slug: row.slug,
      imageCover: row.imageCover ?? null,
      platform: row.platform ?? null,
      minutes: Number(row.minutes),
      hasStatedHours: Boolean(row.hasStatedHours),
    }));
  }

  /** The user's ratings first given in the year, the highest first. */
  async ratings(userId: number, year: number, limit: number): Promise<YearRatingRow[]> {
    const rows = await this.db
      .selectFrom('Rating as r')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .select((eb) => [
        eb.ref('r.game').as('gameId'),
        'g.igdbId',
        'g.title',
        'g.slug',
        'g.imageCover',
        'r.score',
        eb.ref('r.createdAt').as('ratedAt'),
      ])
      .where('r.user', '=', userId)
      .where(
        (eb) =>
          sql<boolean>`extract(year from ${eb.ref('r.createdAt')} at time zone ${DIARY_TIME_ZONE}) = ${year}`,
      )
      .orderBy('r.score', 'desc')
      .orderBy('r.createdAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      gameId: Number(row.gameId),
      igdbId: Number(row.igdbId),
      title: row.title,
      slug: row.slug,
      imageCover: row.imageCover ?? null,
      score: Number(row.score),
      ratedAt: new Date(row.ratedAt),
    }));
  }
}
