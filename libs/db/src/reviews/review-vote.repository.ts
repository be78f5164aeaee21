import { EntityRepository } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';
import type { ReviewVote } from './review-vote.entity.js';

export class ReviewVoteRepository extends EntityRepository<ReviewVote> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** One vote per reader and review: voting again changes the answer. */
  async cast(reviewId: number, userId: number, helpful: boolean): Promise<void> {
    await this.db
      .insertInto('ReviewVote')
      .values({ review: reviewId, user: userId, helpful })
      .onConflict((conflict) =>
        conflict.columns(['review', 'user']).doUpdateSet((update) => ({
          helpful: update.ref('excluded.helpful'),
        })),
      )
      .execute();
  }

  /** Withdraws the reader's vote; false when there was none. */
  async withdraw(reviewId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('ReviewVote')
      .where('review', '=', reviewId)
      .where('user', '=', userId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }
}
