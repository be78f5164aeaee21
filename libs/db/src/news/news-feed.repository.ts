import { EntityRepository } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';
import type { NewsFeed } from './news-feed.entity.js';

export class NewsFeedRepository extends EntityRepository<NewsFeed> {
  /** Stores the feed once per URL (adding it again changes nothing) and answers the stored feed. */
  async addUrl(url: string): Promise<NewsFeed> {
    await typedSql(this.getEntityManager())
      .insertInto('NewsFeed')
      .values({ url })
      .onConflict((conflict) => conflict.column('url').doNothing())
      .execute();
    return this.findOneOrFail({ url });
  }
}
