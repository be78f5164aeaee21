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
    const followed = db
      .selectFrom('UserFollow as f')
      .innerJoin('User as u', 'u.id', 'f.followed')
      .select(['u.id', 'u.username'])
      .where('f.follower', '=', followerId)
      .where('u.profileVisibility', '<>', 'private');

    const ratings = db
      .selectFrom('Rating as r')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .innerJoin(followed.as('v'), 'v.id', 'r.user')
      .select((eb) => [
        sql<ActivityKind>`'rating'`.as('kind'),
        eb.ref('r.id').as('sourceId'),
        'v.username',
        'g.igdbId',
        'g.title',
        sql<number | null>`${eb.ref('r.score')}`.as('score'),
        sql<PlayStatus | null>`null`.as('status'),
        eb.ref('r.updatedAt').as('createdAt'),
        micros(eb.ref('r.updatedAt')).as('micros'),
      ])
      .where((eb) => before(eb.ref('r.updatedAt'), 'rating', eb.ref('r.id')))
      .orderBy('r.updatedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit);
    const reviews = db
      .selectFrom('UserReview as w')
      .innerJoin('Game as g', 'g.id', 'w.game')
      .innerJoin(followed.as('v'), 'v.id', 'w.user')
      .leftJoin('Rating as r', (join) => join.onRef('r.user', '=', 'w.user').onRef('r.game', '=', 'w.game'))
      .select((eb) => [
        sql<ActivityKind>`'review'`.as('kind'),
        eb.ref('w.id').as('sourceId'),
        'v.username',
        'g.igdbId',
        'g.title',
        sql<number | null>`${eb.ref('r.score')}`.as('score'),
        sql<PlayStatus | null>`null`.as('status'),
        eb.ref('w.createdAt').as('createdAt'),
        micros(eb.ref('w.createdAt')).as('micros'),
      ])
      .where((eb) => before(eb.ref('w.createdAt'), 'review', eb.ref('w.id')))
      .orderBy('w.createdAt', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit);
    const statuses = db
      .selectFrom('GameStatus as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .innerJoin(followed.as('v'), 'v.id', 's.user')
      .select((eb) => [
        sql<ActivityKind>`'status'`.as('kind'),
        eb.ref('s.id').as('sourceId'),
        'v.username',
        'g.igdbId',
        'g.title',
        sql<number | null>`null::smallint`.as('score'),
        sql<PlayStatus | null>`${eb.ref('s.status')}`.as('status'),
        eb.ref('s.statusChangedAt').as('createdAt'),
        micros(eb.ref('s.statusChangedAt')).as('micros'),
      ])
      .where((eb) => before(eb.ref('s.statusChangedAt'), 'status', eb.ref('s.id')))
      .orderBy('s.statusChangedAt', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit);

    // Each branch keeps its own order and limit inside a derived table (a bare one would apply to the union).
    const rows = await db
      .selectFrom(ratings.as('a'))
      .selectAll()
      .unionAll(db.selectFrom(reviews.as('b')).selectAll())
      .unionAll(db.selectFrom(statuses.as('c')).selectAll())
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
