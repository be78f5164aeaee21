import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { UserFollow } from './user-follow.entity.js';

export class UserFollowRepository extends EntityRepository<UserFollow> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Idempotent: following twice leaves one row. */
  async follow(followerId: number, followedId: number): Promise<void> {
    await this.db
      .insertInto('UserFollow')
      .values({ follower: followerId, followed: followedId })
      .onConflict((conflict) => conflict.columns(['follower', 'followed']).doNothing())
      .execute();
  }

  async unfollow(followerId: number, followedId: number): Promise<void> {
    await this.db
      .deleteFrom('UserFollow')
      .where('follower', '=', followerId)
      .where('followed', '=', followedId)
      .execute();
  }

  async isFollowing(followerId: number, followedId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('UserFollow')
      .select('createdAt')
      .where('follower', '=', followerId)
      .where('followed', '=', followedId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The usernames the user follows, in the order they were followed. */
  async findFollowedNames(followerId: number): Promise<{ username: string; createdAt: Date }[]> {
    return this.db
      .selectFrom('UserFollow as f')
      .innerJoin('User as u', 'u.id', 'f.followed')
      .select(['u.username', 'f.createdAt'])
      .where('f.follower', '=', followerId)
      .orderBy('f.createdAt')
      .orderBy('u.id')
      .execute();
  }

  /**
   * 'Tu círculo': the rounded mean score of the followed users (whose profile is not private) who rated
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
      .where('r.game', '=', gameId)
      .where('u.profileVisibility', '<>', 'private')
      .executeTakeFirstOrThrow();
    return { average: row.average === null ? null : Number(row.average), count: Number(row.total) };
  }
}
