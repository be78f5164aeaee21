import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type SqlBool } from 'kysely';
import { reusableQuery, typedRows } from '../typed-sql.js';
import type { PlayStatus } from './play-status.js';
import { RECENT_MOMENTS } from './user-activity.entity.js';

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

/** What the feed's statement is built from: numbers and text as parameters, the cursor's kind as its shape. */
type FeedArgs = {
  follower: number;
  limit: number;
  cursor: {
    /** The cursor's moment as PostgreSQL reads a timestamptz, to the microsecond. */
    moment: string;
    sourceId: number;
    /** The cursor's kind, one of the three true: decides how each source's rows compare with it. */
    kind: Record<ActivityKind, boolean>;
  } | null;
};

/**
 * The newest activity of the users the follower follows and may see (their profile is public or for
 * followers), after the cursor, each source (ratings, reviews, statuses) read on its own, then merged.
 *
 * A source's page is found in two steps. First each followed user's newest moment after the cursor; the
 * page's oldest row cannot be older than the limit-th newest of those moments (that many users have a row
 * at least that new). Then the rows of only the users whose newest moment reaches that threshold (about
 * `limit` of them, not all the people followed), by their (user, moment) index.
 *
 * The newest moments come from `user_activity`, which triggers keep exact: each user's RECENT_MOMENTS newest
 * moments of each source (reviews hidden by moderation left out, as they leave the feed). On the first page
 * the newest of them is the user's, with no probe of the source tables. Past a cursor, a user whose newest
 * moment is older than the cursor has all those rows after it, so it is still the newest after the cursor;
 * for a user active since the cursor's moment, the newest kept moment at or before it is found in the array
 * (a binary search, `width_bucket`). Only a user with more than RECENT_MOMENTS rows of a source since the
 * cursor's moment, or whose newest kept moment before it is that very moment where the kinds' order or the
 * ids decide, is probed in the source's index (one at page 20 of the bench, where 378 were before). So the
 * work per page, first or twentieth, is a join of the follows with their users and lines (1,000 rows each,
 * no probe of the source tables), plus the rows of ~limit users. Same pages as reading every row:
 * test/integration/feed-consistency.test.ts.
 */
const feedStatement = reusableQuery(
  (db, { follower, limit, cursor }: FeedArgs) => {
    const micros = (column: Expression<Date>) =>
      sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;
    // A parameter of the type itself: compared as it is, not computed again for each row.
    const cursorMoment = cursor ? sql<Date>`${cursor.moment}::timestamptz` : null;
    const cursorRank = cursor
      ? (Object.keys(KIND_RANK) as ActivityKind[]).find((kind) => cursor.kind[kind])
      : undefined;
    // The order is (moment, kind, id), newest first: written per kind so that the index can seek to it.
    const before = (
      column: Expression<Date>,
      kind: ActivityKind,
      id: Expression<number>,
    ): Expression<SqlBool> => {
      if (!cursor || !cursorMoment || !cursorRank) return sql<SqlBool>`true`;
      if (KIND_RANK[kind] < KIND_RANK[cursorRank]) return sql<SqlBool>`${column} <= ${cursorMoment}`;
      if (KIND_RANK[kind] > KIND_RANK[cursorRank]) return sql<SqlBool>`${column} < ${cursorMoment}`;
      return sql<SqlBool>`${column} <= ${cursorMoment} and (${column}, ${id}) < (${cursorMoment}, ${cursor.sourceId})`;
    };
    /**
     * The user's newest moment of a source after the cursor, from the newest moments kept (`kept`, oldest
     * first, at most RECENT_MOMENTS). The newest kept when it is after the cursor (a user not active since the
     * cursor's moment); else the newest kept at or before the cursor's moment, found by `width_bucket`'s
     * binary search (how many kept moments are at or before it); else none when all of the user's moments are
     * kept. Only a user with more than RECENT_MOMENTS rows since the cursor's moment, or one whose newest kept
     * before the cursor is that very moment where the kinds' order or the ids decide, is probed in the
     * source's index.
     */
    const newestAfterCursor = (
      kept: Expression<Date[] | null>,
      kind: ActivityKind,
      probe: Expression<unknown>,
    ) => {
      const newest = sql<Date>`${kept}[cardinality(${kept})]`;
      if (!cursorMoment || !cursorRank) return sql<Date | null>`${newest}`;
      // A kind ranked before the cursor's is after it at the cursor's very moment too.
      const atMomentToo = KIND_RANK[kind] < KIND_RANK[cursorRank];
      const position = sql<number>`width_bucket(${cursorMoment}, ${kept})`;
      return sql<Date | null>`case
        when ${kept} is null then null
        when ${newest} ${atMomentToo ? sql`<=` : sql`<`} ${cursorMoment} then ${newest}
        when ${position} = 0 then case when cardinality(${kept}) < ${sql.lit(RECENT_MOMENTS)} then null else (${probe}) end
        ${atMomentToo ? sql`` : sql`when ${kept}[${position}] = ${cursorMoment} then (${probe})`}
        else ${kept}[${position}] end`;
    };
    /** The limit-th newest of the users' newest moments (or no bound when fewer users have any). */
    const threshold = (column: 'rn' | 'wn' | 'sn') =>
      sql<Date>`coalesce((select ${sql.ref(column)} from newest where ${sql.ref(column)} is not null order by ${sql.ref(column)} desc offset (${limit}::int - 1) limit 1), '-infinity'::timestamptz)`;

    return (
      db
        .with(
          (cte) => cte('newest').materialized(),
          (qb) =>
            qb
              .selectFrom('UserFollow as f')
              .innerJoin('User as u', 'u.id', 'f.followed')
              .innerJoin('UserActivity as a', 'a.user', 'u.id')
              .where('f.follower', '=', follower)
              .where('u.profileVisibility', '<>', 'private')
              .select((eb) => [
                eb.ref('u.id').as('id'),
                eb.ref('u.username').as('username'),
                newestAfterCursor(
                  eb.ref('a.ratingMoments'),
                  'rating',
                  eb
                    .selectFrom('Rating as r')
                    .select('r.updatedAt')
                    .whereRef('r.user', '=', 'u.id')
                    .where((inner) => before(inner.ref('r.updatedAt'), 'rating', inner.ref('r.id')))
                    .orderBy('r.updatedAt', 'desc')
                    .limit(1),
                ).as('rn'),
                newestAfterCursor(
                  eb.ref('a.reviewMoments'),
                  'review',
                  eb
                    .selectFrom('UserReview as w')
                    .select('w.createdAt')
                    .whereRef('w.user', '=', 'u.id')
                    .where('w.hiddenAt', 'is', null)
                    .where((inner) => before(inner.ref('w.createdAt'), 'review', inner.ref('w.id')))
                    .orderBy('w.createdAt', 'desc')
                    .limit(1),
                ).as('wn'),
                newestAfterCursor(
                  eb.ref('a.statusMoments'),
                  'status',
                  eb
                    .selectFrom('GameStatus as s')
                    .select('s.statusChangedAt')
                    .whereRef('s.user', '=', 'u.id')
                    .where((inner) => before(inner.ref('s.statusChangedAt'), 'status', inner.ref('s.id')))
                    .orderBy('s.statusChangedAt', 'desc')
                    .limit(1),
                ).as('sn'),
              ]),
        )
        .selectFrom((top) => {
          /**
           * The users whose newest moment of a source after the cursor reaches the threshold: the limit newest,
           * with those tied with the last. Written so (rather than `moment >= threshold`, which the planner takes
           * for a third of the follows) the plan's estimated cost stays far under `jit_above_cost`: above it,
           * PostgreSQL compiled the statement for ~45 ms, ten times what it then took to run.
           */
          const candidates = (column: 'rn' | 'wn' | 'sn') =>
            top
              .selectFrom('newest')
              .select(['id', 'username'])
              .where(column, 'is not', null)
              .orderBy(column, 'desc')
              .fetch(limit, 'with ties')
              .as('n');
          // Each branch keeps its own order and limit inside a derived table (a bare one would apply to the
          // union); the branches are built inside the statement so that they read its common table expression.
          const ratings = top
            .selectFrom(candidates('rn'))
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
            .select((eb) => [
              sql<ActivityKind>`'rating'`.as('kind'),
              eb.ref('r.id').as('source_id'),
              'n.username',
              eb.ref('r.game').as('game_id'),
              sql<number | null>`${eb.ref('r.score')}`.as('score'),
              sql<PlayStatus | null>`null`.as('status'),
              eb.ref('r.updatedAt').as('created_at'),
              micros(eb.ref('r.updatedAt')).as('micros'),
            ])
            .orderBy('r.updatedAt', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit);
          const reviews = top
            .selectFrom(candidates('wn'))
            .innerJoinLateral(
              (eb) =>
                eb
                  .selectFrom('UserReview as w')
                  .select(['w.id', 'w.game', 'w.user', 'w.createdAt'])
                  .whereRef('w.user', '=', 'n.id')
                  // Hidden by moderation: out of every list (decisions.md section 14).
                  .where('w.hiddenAt', 'is', null)
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
            .select((eb) => [
              sql<ActivityKind>`'review'`.as('kind'),
              eb.ref('w.id').as('source_id'),
              'n.username',
              eb.ref('w.game').as('game_id'),
              sql<number | null>`${eb.ref('r.score')}`.as('score'),
              sql<PlayStatus | null>`null`.as('status'),
              eb.ref('w.createdAt').as('created_at'),
              micros(eb.ref('w.createdAt')).as('micros'),
            ])
            .orderBy('w.createdAt', 'desc')
            .orderBy('w.id', 'desc')
            .limit(limit);
          const statuses = top
            .selectFrom(candidates('sn'))
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
            .select((eb) => [
              sql<ActivityKind>`'status'`.as('kind'),
              eb.ref('s.id').as('source_id'),
              'n.username',
              eb.ref('s.game').as('game_id'),
              sql<number | null>`null::smallint`.as('score'),
              sql<PlayStatus | null>`${eb.ref('s.status')}`.as('status'),
              eb.ref('s.statusChangedAt').as('created_at'),
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
        // The games are joined to the few rows that remain; the derived table's columns are written as they are.
        .innerJoin('Game as g', (join) => join.on(sql<SqlBool>`g.id = t.game_id`))
        .selectAll('t')
        .select((eb) => [eb.ref('g.igdbId').as('igdb_id'), eb.ref('g.title').as('title')])
    );
  },
  // Not prepared: PostgreSQL's generic plan of it (which a prepared statement comes to after five runs) is
  // slower than a plan made for the follower's values (medians of 7 runs on the bench's database: first page
  // 6-8 ms against 2-3 ms, page 20 9.0 against 6.5 ms), and planning it costs ~0.6 ms.
  { prepare: false },
);

/**
 * The activity of users, read from its source rows (ratings, reviews, statuses) so that what is withdrawn
 * leaves the feed and a profile made private takes its activity with it; which users to read is decided by
 * their newest moments, which PostgreSQL's triggers keep in `user_activity`.
 */
export class ActivityRepository {
  constructor(private readonly em: EntityManager) {}

  /** A page of the follower's feed after the cursor, newest first (see feedStatement). */
  async feedPage(
    followerId: number,
    cursor: ActivityCursor | null,
    limit: number,
  ): Promise<(ActivityRow & { micros: string })[]> {
    // Read without the Kysely plugin's result pass: every column is aliased as it arrives.
    const rows = await typedRows(this.em, this.feedQuery(followerId, cursor, limit));
    return rows
      .map((row) => ({
        kind: row.kind,
        sourceId: Number(row.source_id),
        username: String(row.username),
        igdbId: Number(row.igdb_id),
        title: String(row.title),
        score: row.score === null || row.score === undefined ? null : Number(row.score),
        status: row.status ?? null,
        createdAt: new Date(row.created_at),
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
    return feedStatement(this.em, {
      follower: followerId,
      limit,
      cursor: cursor && {
        moment: momentText(cursor.micros),
        sourceId: cursor.sourceId,
        kind: {
          rating: cursor.kind === 'rating',
          review: cursor.kind === 'review',
          status: cursor.kind === 'status',
        },
      },
    });
  }
}

/** Microseconds since the epoch (up to the year 9999) as an ISO 8601 moment with all six decimals. */
function momentText(micros: string): string {
  const value = BigInt(micros);
  const iso = new Date(Number(value / 1000n)).toISOString();
  return `${iso.slice(0, -1)}${(value % 1000n).toString().padStart(3, '0')}Z`;
}

function compareBigText(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}
