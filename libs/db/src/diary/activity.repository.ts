import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type SqlBool } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { PlayStatus } from './play-status.js';

export type ActivityKind = 'rating' | 'review' | 'status';

/** One line of a feed: a score given, a review written or a status set. */
export interface ActivityRow {
  kind: ActivityKind;
  sourceId: number;
  username: string;
  igdbId: number;
  title: string;
  score: number | null;
  status: PlayStatus | null;
  createdAt: Date;
}

/** Where a page of the feed starts: after this moment, kind and row (the order is total). */
export interface ActivityCursor {
  /** Microseconds since the epoch, as text (a Date drops the microseconds). */
  micros: string;
  kind: ActivityKind;
  sourceId: number;
}

/** The order of kinds at one same moment (a review and its rating share a transaction). */
const KIND_RANK: Record<ActivityKind, number> = { status: 1, rating: 2, review: 3 };

/**
 * The activity of users, read from its source rows (ratings, reviews, statuses) so that what is withdrawn
 * leaves the feed and a profile made private takes its activity with it, with nothing to keep in step.
 */
export class ActivityRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The newest activity of the users the follower follows and may see (their profile is public or for
   * followers), after the cursor: each source read newest first by its (user, moment) index, then merged.
   */
  async feedPage(
    followerId: number,
    cursor: ActivityCursor | null,
    limit: number,
  ): Promise<(ActivityRow & { micros: string })[]> {
    const db = typedSql(this.em);
    const micros = (column: Expression<Date>) =>
      sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;
    const before = (
      column: Expression<Date>,
      kind: ActivityKind,
      id: Expression<number>,
    ): Expression<SqlBool> => {
      if (!cursor) return sql<SqlBool>`true`;
      return sql<SqlBool>`(${micros(column)}, ${KIND_RANK[kind]}, ${id}) < (${cursor.micros}::bigint, ${KIND_RANK[cursor.kind]}, ${cursor.sourceId})`;
    };
    // Each source is read per followed user by its (user, moment) index, newest first and at most `limit`
    // rows each (a lateral join), then the branch keeps its newest `limit`: the cost grows with the number
    // of people followed, not with how much they ever did.
    const followed = () =>
      db
        .selectFrom('UserFollow as f')
        .innerJoin('User as u', 'u.id', 'f.followed')
        .where('f.follower', '=', followerId)
        .where('u.profileVisibility', '<>', 'private');

    const ratings = followed()
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('Rating as r')
            .select(['r.id', 'r.game', 'r.score', 'r.updatedAt'])
            .whereRef('r.user', '=', 'u.id')
            .where((inner) => before(inner.ref('r.updatedAt'), 'rating', inner.ref('r.id')))
            .orderBy('r.updatedAt', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .as('r'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        sql<ActivityKind>`'rating'`.as('kind'),
        eb.ref('r.id').as('sourceId'),
        'u.username',
        eb.ref('r.game').as('gameId'),
        sql<number | null>`${eb.ref('r.score')}`.as('score'),
        sql<PlayStatus | null>`null`.as('status'),
        eb.ref('r.updatedAt').as('createdAt'),
        micros(eb.ref('r.updatedAt')).as('micros'),
      ])
      .orderBy('r.updatedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit);
    const reviews = followed()
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('UserReview as w')
            .select(['w.id', 'w.game', 'w.user', 'w.createdAt'])
            .whereRef('w.user', '=', 'u.id')
            .where((inner) => before(inner.ref('w.createdAt'), 'review', inner.ref('w.id')))
            .orderBy('w.createdAt', 'desc')
            .orderBy('w.id', 'desc')
            .limit(limit)
            .as('w'),
        (join) => join.onTrue(),
      )
      .leftJoin('Rating as r', (join) => join.onRef('r.user', '=', 'w.user').onRef('r.game', '=', 'w.game'))
      .select((eb) => [
        sql<ActivityKind>`'review'`.as('kind'),
        eb.ref('w.id').as('sourceId'),
        'u.username',
        eb.ref('w.game').as('gameId'),
        sql<number | null>`${eb.ref('r.score')}`.as('score'),
        sql<PlayStatus | null>`null`.as('status'),
        eb.ref('w.createdAt').as('createdAt'),
        micros(eb.ref('w.createdAt')).as('micros'),
      ])
      .orderBy('w.createdAt', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit);
    const statuses = followed()
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('GameStatus as s')
            .select(['s.id', 's.game', 's.status', 's.statusChangedAt'])
            .whereRef('s.user', '=', 'u.id')
            .where((inner) => before(inner.ref('s.statusChangedAt'), 'status', inner.ref('s.id')))
            .orderBy('s.statusChangedAt', 'desc')
            .orderBy('s.id', 'desc')
            .limit(limit)
            .as('s'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        sql<ActivityKind>`'status'`.as('kind'),
        eb.ref('s.id').as('sourceId'),
        'u.username',
        eb.ref('s.game').as('gameId'),
        sql<number | null>`null::smallint`.as('score'),
        sql<PlayStatus | null>`${eb.ref('s.status')}`.as('status'),
        eb.ref('s.statusChangedAt').as('createdAt'),
        micros(eb.ref('s.statusChangedAt')).as('micros'),
      ])
      .orderBy('s.statusChangedAt', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit);

    // Each branch keeps its own order and limit inside a derived table (a bare one would apply to the union).
    // The games are joined to the few rows that remain, not to every candidate of every followed user.
    const rows = await db
      .selectFrom(
        db
          .selectFrom(ratings.as('a'))
          .selectAll()
          .unionAll(db.selectFrom(reviews.as('b')).selectAll())
          .unionAll(db.selectFrom(statuses.as('c')).selectAll())
          .as('t'),
      )
      // The derived table's columns keep their camelCase aliases: written as they are, not mapped.
      .innerJoin('Game as g', (join) => join.on(sql<SqlBool>`g.id = t."gameId"`))
      .selectAll('t')
      .select(['g.igdbId', 'g.title'])
      .execute();
    return rows
      .map((row) => ({
        kind: row.kind,
        sourceId: Number(row.sourceId),
        username: row.username,
        igdbId: Number(row.igdbId),
        title: row.title,
        score: row.score === null || row.score === undefined ? null : Number(row.score),
        status: row.status ?? null,
        createdAt: new Date(row.createdAt),
        micros: String(row.micros),
      }))
      .sort(
        (a, b) =>
          compareBigText(b.micros, a.micros) ||
          KIND_RANK[b.kind] - KIND_RANK[a.kind] ||
          b.sourceId - a.sourceId,
      )
      .slice(0, limit);
  }
}

function compareBigText(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}
