import { EntityRepository } from '@mikro-orm/postgresql';
import { slugify } from '../games/search-text.js';
import type { NewsArticle } from './news-article.entity.js';

export interface NewsArticleInput {
  title: string;
  image: string | null;
  logo: string | null;
  /** The article's own date; null = unknown for a new article, unchanged for a stored one. */
  publicationDate: Date | null;
  description: string;
  description2: string;
  description3: string;
  /** Canonical URL: the identity of the article. */
  link: string;
  medium: string;
  feedId: number | null;
}

const SLUG_MAX_LENGTH = 200;
const SLUG_ATTEMPTS = 5;

export class NewsArticleRepository extends EntityRepository<NewsArticle> {
  /**
   * Inserts the article or, when its canonical link is already stored, refreshes it in place (keeping its
   * id and slug). A new article gets the spec slug of its title, with -2, -3... when another article holds
   * it; a concurrent insert that takes the same slug first makes this one try the next suffix.
   */
  async upsertByLink(input: NewsArticleInput): Promise<{ id: number; created: boolean }> {
    const base = slugify(input.title).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '') || 'noticia';
    for (let attempt = 0; ; attempt++) {
      const slug = await this.freeSlug(base);
      try {
        const [row] = await this.em.getConnection().execute<{ id: number; created: boolean }[]>(
          `insert into news_articles (slug, title, image, logo, publication_date, description, description2,
             description3, link, medium, feed_id)
           values (?, ?, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?, ?)
           on conflict (link) do update set
             title = excluded.title, image = coalesce(excluded.image, news_articles.image),
             logo = coalesce(excluded.logo, news_articles.logo), publication_date = coalesce(?::timestamptz, news_articles.publication_date),
             description = excluded.description, description2 = excluded.description2,
             description3 = excluded.description3, medium = excluded.medium,
             feed_id = coalesce(news_articles.feed_id, excluded.feed_id)
           returning id, (xmax = 0) as created`,
          [
            slug,
            input.title.slice(0, 500),
            input.image,
            input.logo,
            input.publicationDate,
            input.description,
            input.description2,
            input.description3,
            input.link,
            input.medium.slice(0, 200),
            input.feedId,
            input.publicationDate,
          ],
          'all',
        );
        return { id: Number(row.id), created: Boolean(row.created) };
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint !== 'news_articles_slug_unique' || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** `base` if free, else `base-N` with N one more than the highest suffix in use. */
  private async freeSlug(base: string): Promise<string> {
    const rows = await this.em
      .getConnection()
      .execute<{ slug: string }[]>(
        `select slug from news_articles where slug = ? or slug ~ ?`,
        [base, `^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`],
        'all',
      );
    if (!rows.some((row) => row.slug === base)) return base;
    const suffixes = rows.map((row) => Number(/-(\d+)$/.exec(row.slug.slice(base.length))?.[1] ?? 1));
    return `${base}-${Math.max(1, ...suffixes) + 1}`;
  }

  /** The feed links that are not stored yet. */
  async missingLinks(links: string[]): Promise<string[]> {
    if (links.length === 0) return [];
    const rows = await this.em.getConnection().execute<{ link: string }[]>(
      `select x.link from jsonb_array_elements_text(?::jsonb) as x(link)
       where not exists (select 1 from news_articles n where n.link = x.link)`,
      [JSON.stringify(links)],
      'all',
    );
    return rows.map((row) => row.link);
  }
}
