import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { NewsFeedRepository } from './news-feed.repository.js';

/** An outlet's RSS or Atom feed, read on a schedule to import new articles. */
@Entity({ tableName: 'news_feeds', repository: () => NewsFeedRepository })
export class NewsFeed {
  [EntityRepositoryType]?: NewsFeedRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  @Unique({ name: 'news_feeds_url_unique' })
  url!: string;

  @Property({ length: 300, nullable: true })
  title?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastFetchedAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  lastImportedCount: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
