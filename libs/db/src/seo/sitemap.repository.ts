import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';

/** What the sitemaps list: every game by page, the latest news, the public profiles. */
export class SitemapRepository {
  constructor(private readonly em: EntityManager) {}

  async countGames(): Promise<number> {
    const row = await typedSql(this.em)
      .selectFrom('Game')
      .select((select) => select.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** One page of games in a stable order (by id), so a game stays on its sitemap page. */
  gamePage(offset: number, limit: number): Promise<{ slug: string; igdbId: number; updatedAt: Date }[]> {
    return typedSql(this.em)
      .selectFrom('Game')
      .select(['slug', 'igdbId', 'updatedAt'])
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** The newest articles first; those of unknown date last. */
  latestNews(limit: number): Promise<{ slug: string; publicationDate?: Date | null }[]> {
    return typedSql(this.em)
      .selectFrom('NewsArticle')
      .select(['slug', 'publicationDate'])
      .orderBy('publicationDate', (order) => order.desc().nullsLast())
      .limit(limit)
      .execute();
  }

  /** Every outlet with reviews (its page's slug). */
  async outletSlugs(): Promise<string[]> {
    const rows = await typedSql(this.em)
      .selectFrom('Outlet')
      .select('slug')
      .where('reviewCount', '>', 0)
      .where('slug', 'is not', null)
      .orderBy('slug')
      .execute();
    return rows.map((row) => row.slug ?? '');
  }

  /** Public profiles of confirmed accounts (a profile for followers or private is no page for crawlers). */
  publicProfiles(limit: number): Promise<{ username: string; updatedAt: Date }[]> {
    return typedSql(this.em)
      .selectFrom('User')
      .select(['username', 'updatedAt'])
      .where('profileVisibility', '=', 'public')
      .where('confirmedAt', 'is not', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
