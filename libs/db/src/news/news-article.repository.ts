import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { slugify } from '../games/search-text.js';
import { typedSql } from '../typed-sql.js';
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
        const row = await typedSql(this.getEntityManager())
          .insertInto('NewsArticle')
          .values({
            slug,
            title: input.title.slice(0, 500),
            image: input.image,
            logo: input.logo,
            publicationDate: input.publicationDate,
            description: input.description,
            description2: input.description2,
            description3: input.description3,
            link: input.link,
            medium: input.medium.slice(0, 200),
            feed: input.feedId,
          })
          .onConflict((conflict) =>
            conflict.column('link').doUpdateSet((update) => ({
              title: update.ref('excluded.title'),
              image: update.fn.coalesce('excluded.image', 'NewsArticle.image'),
              logo: update.fn.coalesce('excluded.logo', 'NewsArticle.logo'),
              publicationDate: input.publicationDate ?? update.ref('NewsArticle.publicationDate'),
              description: update.ref('excluded.description'),
              description2: update.ref('excluded.description2'),
              description3: update.ref('excluded.description3'),
              medium: update.ref('excluded.medium'),
              feed: update.fn.coalesce('NewsArticle.feed', 'excluded.feed'),
            })),
          )
          // xmax is 0 only on a row this statement inserted: tells a new article from a refreshed one.
          .returning(['id', sql<boolean>`xmax = 0`.as('created')])
          .executeTakeFirstOrThrow();
        return { id: Number(row.id), created: Boolean(row.created) };
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint !== 'news_articles_slug_unique' || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** `base` if free, else `base-N` with N one more than the highest suffix in use. */
  private async freeSlug(base: string): Promise<string> {
    const rows = await typedSql(this.getEntityManager())
      .selectFrom('NewsArticle')
      .select('slug')
      .where((where) =>
        where.or([
          where('slug', '=', base),
          where('slug', '~', `^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`),
        ]),
      )
      .execute();
    if (!rows.some((row) => row.slug === base)) return base;
    const suffixes = rows.map((row) => Number(/-(\d+)$/.exec(row.slug.slice(base.length))?.[1] ?? 1));
    return `${base}-${Math.max(1, ...suffixes) + 1}`;
  }

  /** The feed links that are not stored yet. */
  async missingLinks(links: string[]): Promise<string[]> {
    if (links.length === 0) return [];
    const stored = await typedSql(this.getEntityManager())
      .selectFrom('NewsArticle')
      .select('link')
      .where('link', 'in', links)
      .execute();
    const known = new Set(stored.map((row) => row.link));
    return links.filter((link) => !known.has(link));
  }
}
