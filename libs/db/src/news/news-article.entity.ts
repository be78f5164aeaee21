import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { NewsArticleRepository } from './news-article.repository.js';
import { NewsFeed } from './news-feed.entity.js';

@Entity({ tableName: 'news_articles', repository: () => NewsArticleRepository })
@Index({
  name: 'news_articles_publication_idx',
  expression:
    'create index "news_articles_publication_idx" on "news_articles" ("publication_date" desc nulls last, "id" desc)',
})
export class NewsArticle {
  [EntityRepositoryType]?: NewsArticleRepository;

  /** The spec's newID. */
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 220 })
  @Unique({ name: 'news_articles_slug_unique' })
  slug!: string;

  @Property({ length: 500 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  image?: string | null;

  @Property({ type: 'text', nullable: true })
  logo?: string | null;

  /** The article's own date; null when the page gives none (never the import time passed off as it). */
  @Property({ type: 'timestamptz', nullable: true })
  publicationDate?: Date | null;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'text', default: '' })
  description2: string = '';

  @Property({ type: 'text', default: '' })
  description3: string = '';

  /** Canonical URL of the original article: importing it twice does not duplicate it. */
  @Property({ type: 'text' })
  @Unique({ name: 'news_articles_link_unique' })
  link!: string;

  @Property({ length: 200 })
  medium!: string;

  @ManyToOne(() => NewsFeed, { nullable: true, deleteRule: 'set null' })
  feed?: NewsFeed | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
