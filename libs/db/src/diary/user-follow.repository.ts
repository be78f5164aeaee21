import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { UserFollow } from './user-follow.entity.js';

/** A follow approved by the followed user (or of a public profile), or a request waiting for it. */
export type FollowState = 'approved' | 'pending';

export class UserFollowRepository extends EntityRepository<UserFollow> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * A follow, approved at once or waiting as a request; idempotent (following twice leaves one row as it
   * was). Answers the follow's state after it.
   */
  async follow(followerId: number, followedId: number, approved: boolean): Promise<FollowState> {
    await this.db
      .insertInto('UserFollow')
      .values({ follower: followerId, followed: followedId, approvedAt: approved ? new Date() : null })
      .onConflict((conflict) => conflict.columns(['follower', 'followed']).doNothing())
      .execute();
    return (await this.state(followerId, followedId)) ?? 'pending';
  }

  /** Undoes a follow or withdraws a request. */
  async unfollow(followerId: number, followedId: number): Promise<void> {
    await this.remove(followerId, followedId, null);
  }

  /** Removes the follow in `state` (either when null); whether there was one. */
  async remove(followerId: number, followedId: number, state: FollowState | null): Promise<boolean> {
    let query = this.db
      .deleteFrom('UserFollow')
      .where('follower', '=', followerId)
      .where('followed', '=', followedId);
    if (state === 'approved') query = query.where('approvedAt', 'is not', null);
    if (state === 'pending') query = query.where('approvedAt', 'is', null);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Approves a waiting request; whether there was one. */
  async approve(followerId: number, followedId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('UserFollow')
      .set({ approvedAt: new Date() })
      .where('follower', '=', followerId)
      .where('followed', '=', followedId)
      .where('approvedAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Approves every request a profile holds (made public, it has nothing left to approve). */
  async approveAll(followedId: number): Promise<void> {
    await this.db
      .updateTable('UserFollow')
      .set({ approvedAt: new Date() })
      .where('followed', '=', followedId)
      .where('approvedAt', 'is', null)
      .execute();
  }

  async state(followerId: number, followedId: number): Promise<FollowState | null> {
    const row = await this.db
      .selectFrom('UserFollow')
      .select('approvedAt')
      .where('follower', '=', followerId)
      .where('followed', '=', followedId)
      .executeTakeFirst();
    if (!row) return null;
    return row.approvedAt === null ? 'pending' : 'approved';
  }

  /** Who follows the user (approved) or asks to (pending), oldest first, with the date of each. */
  async findFollowers(followedId: number, state: FollowState): Promise<{ username: string; since: Date }[]> {
    const since = state === 'approved' ? 'f.approvedAt' : 'f.createdAt';
    const rows = await this.db
      .selectFrom('UserFollow as f')
      .innerJoin('User as u', 'u.id', 'f.follower')
      .select(['u.username', 'f.createdAt', 'f.approvedAt'])
      .where('f.followed', '=', followedId)
      .where('f.approvedAt', state === 'approved' ? 'is not' : 'is', null)
      .orderBy(since)
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({ username: row.username, since: row.approvedAt ?? row.createdAt }));
  }

  /**
   * 'Tu círculo': the rounded mean score of the followed users (approved, whose profile is not private) who rated
   * the game, and how many they are.
   */
  async circleAverage(
    followerId: number,
    gameId: number,
  ): Promise<{ average: number | null; count: number }> {
    const row = await this.db
      .selectFrom('UserFollow as f')
      .innerJoin('User as u', 'u.id', 'f.followed')
      .innerJoin('Rating as r', 'r.user', 'f.followed')
      .select((eb) => [
        sql<number | null>`round(avg(${eb.ref('r.score')}))::int`.as('average'),
        sql<number>`count(*)::int`.as('total'),
      ])
      .where('f.follower', '=', followerId)
      .where('f.approvedAt', 'is not', null)
      .where('r.game', '=', gameId)
      .where('u.profileVisibility', '<>', 'private')
      .executeTakeFirstOrThrow();
    return { average: row.average === null ? null : Number(row.average), count: Number(row.total) };
  }
}
