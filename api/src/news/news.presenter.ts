import type { NewsArticle } from '@veredicto/db';

/** The contract's News (API-CONTRACT.md): newID, publicationDate as an ISO timestamp. */
export const presentNews = (article: NewsArticle) => ({
  newID: article.id,
  slug: article.slug,
  title: article.title,
  image: article.image ?? null,
  logo: article.logo ?? null,
  publicationDate: article.publicationDate ? new Date(article.publicationDate).toISOString() : null,
  description: article.description,
  description2: article.description2,
  description3: article.description3,
  link: article.link,
  medium: article.medium,
});
