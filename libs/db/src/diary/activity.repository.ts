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
   * followers), after the cursor, each source (ratings, reviews, statuses) read on its own, then merged.
   *
   * A source's page is found in two steps. First each followed user's newest moment after the cursor, one
   * index probe each; the page's oldest row cannot be older than the limit-th newest of those moments (that
   * many users have a row at least that new). Then the rows of only the users whose newest moment reaches
   * that threshold (about `limit` of them, not all the people followed), by their (user, moment) index.
   * Reading `limit` rows of every followed user and sorting them all cost 20 times more (docs/PERFORMANCE.md).
   */
  async feedPage(
    followerId: number,
    cursor: ActivityCursor | null,
    limit: number,
  ): Promise<(ActivityRow & { micros: string })[]> {
    const rows = await this.feedQuery(followerId, cursor, limit).execute();
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

  /** The statement of feedPage (bench/feed-explain.ts shows its plan). */
  feedQuery(followerId: number, cursor: ActivityCursor | null, limit: number) {
    const db = typedSql(this.em);
    const micros = (column: Expression<Date>) =>
      sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;
    const cursorMoment = cursor
      ? sql<Date>`('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond')`
      : null;
    // The order is (moment, kind, id), newest first: written per kind so that the index can seek to it.
    const before = (
      column: Expression<Date>,
      kind: ActivityKind,
      id: Expression<number>,
    ): Expression<SqlBool> => {
      if (!cursor || !cursorMoment) return sql<SqlBool>`true`;
      if (KIND_RANK[kind] < KIND_RANK[cursor.kind]) return sql<SqlBool>`${column} <= ${cursorMoment}`;
      if (KIND_RANK[kind] > KIND_RANK[cursor.kind]) return sql<SqlBool>`${column} < ${cursorMoment}`;
      return sql<SqlBool>`${column} <= ${cursorMoment} and (${column}, ${id}) < (${cursorMoment}, ${cursor.sourceId})`;
    };
    /** The limit-th newest of the users' newest moments (or no bound when fewer users have any). */
    const threshold = (newest: 'rn' | 'wn' | 'sn') =>
      sql<Date>`coalesce((select at from ${sql.table(newest)} where at is not null order by at desc offset ${limit - 1} limit 1), '-infinity'::timestamptz)`;

    const query = db
      .with(
        (cte) => cte('followed').materialized(),
        (qb) =>
          qb
            .selectFrom('UserFollow as f')
            .innerJoin('User as u', 'u.id', 'f.followed')
            .select(['u.id', 'u.username'])
            .where('f.follower', '=', followerId)
            .where('u.profileVisibility', '<>', 'private'),
      )
      .with(
        (cte) => cte('rn').materialized(),
        (qb) =>
          qb.selectFrom('followed as fo').select((eb) => [
            'fo.id',
            'fo.username',
            eb
              .selectFrom('Rating as r')
              .select('r.updatedAt')
              .whereRef('r.user', '=', 'fo.id')
              .where((inner) => before(inner.ref('r.updatedAt'), 'rating', inner.ref('r.id')))
              .orderBy('r.updatedAt', 'desc')
              .limit(1)
              .as('at'),
          ]),
      )
      .with(
        (cte) => cte('wn').materialized(),
        (qb) =>
          qb.selectFrom('followed as fo').select((eb) => [
            'fo.id',
            'fo.username',
            eb
              .selectFrom('UserReview as w')
              .select('w.createdAt')
              .whereRef('w.user', '=', 'fo.id')
              .where((inner) => before(inner.ref('w.createdAt'), 'review', inner.ref('w.id')))
              .orderBy('w.createdAt', 'desc')
              .limit(1)
              .as('at'),
          ]),
      )
      .with(
        (cte) => cte('sn').materialized(),
        (qb) =>
          qb.selectFrom('followed as fo').select((eb) => [
            'fo.id',
            'fo.username',
            eb
              .selectFrom('GameStatus as s')
              .select('s.statusChangedAt')
              .whereRef('s.user', '=', 'fo.id')
              .where((inner) => before(inner.ref('s.statusChangedAt'), 'status', inner.ref('s.id')))
              .orderBy('s.statusChangedAt', 'desc')
              .limit(1)
              .as('at'),
          ]),
      );

    // Each branch keeps its own order and limit inside a derived table (a bare one would apply to the union);
    // the branches are built inside the statement so that they read its common table expressions. The games
    // are joined to the few rows that remain.
    return query
      .selectFrom((top) => {
        const ratings = top
          .selectFrom('rn as n')
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('Rating as r')
                .select(['r.id', 'r.game', 'r.score', 'r.updatedAt'])
                .whereRef('r.user', '=', 'n.id')
                .where((inner) => inner('r.updatedAt', '>=', threshold('rn')))
                .where((inner) => before(inner.ref('r.updatedAt'), 'rating', inner.ref('r.id')))
                .orderBy('r.updatedAt', 'desc')
                .orderBy('r.id', 'desc')
                .limit(limit)
                .as('r'),
            (join) => join.onTrue(),
          )
          .where((eb) => eb('n.at', '>=', threshold('rn')))
          .select((eb) => [
            sql<ActivityKind>`'rating'`.as('kind'),
            eb.ref('r.id').as('sourceId'),
            'n.username',
            eb.ref('r.game').as('gameId'),
            sql<number | null>`${eb.ref('r.score')}`.as('score'),
            sql<PlayStatus | null>`null`.as('status'),
            eb.ref('r.updatedAt').as('createdAt'),
            micros(eb.ref('r.updatedAt')).as('micros'),
          ])
          .orderBy('r.updatedAt', 'desc')
          .orderBy('r.id', 'desc')
          .limit(limit);
        const reviews = top
          .selectFrom('wn as n')
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('UserReview as w')
                .select(['w.id', 'w.game', 'w.user', 'w.createdAt'])
                .whereRef('w.user', '=', 'n.id')
                .where((inner) => inner('w.createdAt', '>=', threshold('wn')))
                .where((inner) => before(inner.ref('w.createdAt'), 'review', inner.ref('w.id')))
                .orderBy('w.createdAt', 'desc')
                .orderBy('w.id', 'desc')
                .limit(limit)
                .as('w'),
            (join) => join.onTrue(),
          )
          .leftJoin('Rating as r', (join) =>
            join.onRef('r.user', '=', 'w.user').onRef('r.game', '=', 'w.game'),
          )
          .where((eb) => eb('n.at', '>=', threshold('wn')))
          .select((eb) => [
            sql<ActivityKind>`'review'`.as('kind'),
            eb.ref('w.id').as('sourceId'),
            'n.username',
            eb.ref('w.game').as('gameId'),
            sql<number | null>`${eb.ref('r.score')}`.as('score'),
            sql<PlayStatus | null>`null`.as('status'),
            eb.ref('w.createdAt').as('createdAt'),
            micros(eb.ref('w.createdAt')).as('micros'),
          ])
          .orderBy('w.createdAt', 'desc')
          .orderBy('w.id', 'desc')
          .limit(limit);
        const statuses = top
          .selectFrom('sn as n')
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('GameStatus as s')
                .select(['s.id', 's.game', 's.status', 's.statusChangedAt'])
                .whereRef('s.user', '=', 'n.id')
                .where((inner) => inner('s.statusChangedAt', '>=', threshold('sn')))
                .where((inner) => before(inner.ref('s.statusChangedAt'), 'status', inner.ref('s.id')))
                .orderBy('s.statusChangedAt', 'desc')
                .orderBy('s.id', 'desc')
                .limit(limit)
                .as('s'),
            (join) => join.onTrue(),
          )
          .where((eb) => eb('n.at', '>=', threshold('sn')))
          .select((eb) => [
            sql<ActivityKind>`'status'`.as('kind'),
            eb.ref('s.id').as('sourceId'),
            'n.username',
            eb.ref('s.game').as('gameId'),
            sql<number | null>`null::smallint`.as('score'),
            sql<PlayStatus | null>`${eb.ref('s.status')}`.as('status'),
            eb.ref('s.statusChangedAt').as('createdAt'),
            micros(eb.ref('s.statusChangedAt')).as('micros'),
          ])
          .orderBy('s.statusChangedAt', 'desc')
          .orderBy('s.id', 'desc')
          .limit(limit);
        return top
          .selectFrom(ratings.as('a'))
          .selectAll()
          .unionAll(top.selectFrom(reviews.as('b')).selectAll())
          .unionAll(top.selectFrom(statuses.as('c')).selectAll())
          .as('t');
      })
      // The derived table's columns keep their camelCase aliases: written as they are, not mapped.
      .innerJoin('Game as g', (join) => join.on(sql<SqlBool>`g.id = t."gameId"`))
      .selectAll('t')
      .select(['g.igdbId', 'g.title']);
  }
}

function compareBigText(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}
