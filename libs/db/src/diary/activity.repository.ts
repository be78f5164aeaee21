import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlBool } from 'kysely';
import { reusableQuery, typedRows } from '../typed-sql.js';
import type { PlayStatus } from '@veredicto/contract';
import { FEED_KINDS } from './feed-entry.entity.js';

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

/** The kind of each stored number (feed_entries.kind), the inverse of FEED_KINDS. */
const KIND_OF: Record<number, ActivityKind> = Object.fromEntries(
  Object.entries(FEED_KINDS).map(([kind, rank]) => [rank, kind as ActivityKind]),
);

/** Where a page starts, as the statement compares it: after every moment on the first page. */
type FeedArgs = { follower: number; moment: string; kind: number; sourceId: number; limit: number };

/**
 * A page of the reader's feed after the cursor: the reader's lines of `feed_entries` (written by triggers as
 * the followed users act, see FeedEntry) before (moment, kind, id), newest first, one descent of its primary
 * key; then each line's author, game and, for a rating or a review, the author's score of the game (a review
 * shows the rating given with it). Prepared: its generic plan is this same descent, planned once per
 * connection.
 */
const feedStatement = reusableQuery((db, { follower, moment, kind, sourceId, limit }: FeedArgs) =>
  db
    .selectFrom((page) =>
      page
        .selectFrom('FeedEntry as e')
        .select(['e.moment', 'e.kind', 'e.sourceId', 'e.author', 'e.gameId'])
        .where('e.reader', '=', follower)
        .where(
          sql<SqlBool>`(${sql.ref('e.moment')}, ${sql.ref('e.kind')}, ${sql.ref('e.sourceId')}) < (${moment}::timestamptz, ${kind}::smallint, ${sourceId}::int)`,
        )
        .orderBy('e.moment', 'desc')
        .orderBy('e.kind', 'desc')
        .orderBy('e.sourceId', 'desc')
        .limit(limit)
        .as('e'),
    )
    .innerJoin('User as u', 'u.id', 'e.author')
    .innerJoin('Game as g', 'g.id', 'e.gameId')
    .leftJoin('Rating as r', (join) =>
      join
        .onRef('r.user', '=', 'e.author')
        .onRef('r.game', '=', 'e.gameId')
        .on('e.kind', '<>', FEED_KINDS.status),
    )
    .leftJoin('GameStatus as s', (join) =>
      join.onRef('s.id', '=', 'e.sourceId').on('e.kind', '=', FEED_KINDS.status),
    )
    .select((eb) => [
      eb.ref('e.kind').as('kind'),
      eb.ref('e.sourceId').as('source_id'),
      eb.ref('u.username').as('username'),
      eb.ref('g.igdbId').as('igdb_id'),
      eb.ref('g.title').as('title'),
      eb.ref('r.score').as('score'),
      eb.ref('s.status').as('status'),
      eb.ref('e.moment').as('created_at'),
      sql<string>`((extract(epoch from ${eb.ref('e.moment')}) * 1000000)::bigint)::text`.as('micros'),
    ])
    .orderBy('e.moment', 'desc')
    .orderBy('e.kind', 'desc')
    .orderBy('e.sourceId', 'desc'),
);

/**
 * The feed of a reader: the activity of the users they follow, written into `feed_entries` by PostgreSQL's
 * triggers as it happens, so that what is withdrawn leaves the feed and a profile made private takes its
 * activity with it.
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
    return rows.map((row) => ({
      kind: KIND_OF[Number(row.kind)],
      sourceId: Number(row.source_id),
      username: String(row.username),
      igdbId: Number(row.igdb_id),
      title: String(row.title),
      score: row.score === null || row.score === undefined ? null : Number(row.score),
      status: (row.status ?? null) as PlayStatus | null,
      createdAt: new Date(row.created_at),
      micros: String(row.micros),
    }));
  }

  /** The statement of feedPage (bench/feed-explain.ts shows its plan). */
  feedQuery(followerId: number, cursor: ActivityCursor | null, limit: number) {
    return feedStatement(this.em, {
      follower: followerId,
      // Past every moment there is: the first page.
      moment: cursor ? momentText(cursor.micros) : 'infinity',
      kind: cursor ? FEED_KINDS[cursor.kind] : 0,
      sourceId: cursor?.sourceId ?? 0,
      limit,
    });
  }
}

/** Microseconds since the epoch (up to the year 9999) as an ISO 8601 moment with all six decimals. */
function momentText(micros: string): string {
  const value = BigInt(micros);
  const iso = new Date(Number(value / 1000n)).toISOString();
  return `${iso.slice(0, -1)}${(value % 1000n).toString().padStart(3, '0')}Z`;
}
