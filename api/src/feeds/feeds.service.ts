import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import {
  feedRoutes,
  formatDate,
  formatReleaseDate,
  platformName,
  routes,
  type FeedFormat,
  type ReleaseDatePrecision,
  siteUrl,
} from '@veredicto/contract';
import { FeedRepository, Game, OutletPagesRepository, type FeedReviewRow, repository } from '@veredicto/db';
import { renderFeed, type FeedContent, type FeedDocument, type FeedEntry } from './feed-document.js';

/** How many entries a feed carries: readers poll, they do not page. */
const FEED_ENTRIES = 50;

const startOfToday = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

/** A review's date as the outlet published it (a calendar day), or when Veredicto learnt of it. */
const reviewPublished = (review: FeedReviewRow) =>
  review.publishedAt ? new Date(`${review.publishedAt}T00:00:00Z`) : null;

const reviewScore = (review: FeedReviewRow) =>
  review.rawScore ? review.rawScore : review.rating === null ? 'sin nota' : `${review.rating}/100`;

/** The open feeds (section 15): news, a game's media reviews, an outlet's reviews, a platform's releases. */
@Injectable()
export class FeedsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get rows() {
    return repository(this.em, FeedRepository);
  }

  private url(path: string) {
    return siteUrl(this.config.PUBLIC_URL, path);
  }

  private render(content: FeedContent, format: FeedFormat): FeedDocument {
    return renderFeed(content, format, this.config.SITE_NAME);
  }

  async news(format: FeedFormat): Promise<FeedDocument> {
    const articles = await this.rows.latestNews(FEED_ENTRIES);
    return this.render(
      {
        title: `${this.config.SITE_NAME}: noticias`,
        description: 'Las últimas noticias de videojuegos publicadas en Veredicto.',
        pageUrl: this.url(routes.newsList()),
        atomUrl: this.url(feedRoutes.news('xml')),
        jsonUrl: this.url(feedRoutes.news('json')),
        emptySince: startOfToday(),
        entries: articles.map((article) => {
          const url = this.url(routes.newsArticle(article));
          return {
            id: url,
            title: article.title,
            url,
            summary: article.description || `Noticia de ${article.medium}.`,
            updated: article.publicationDate ?? article.createdAt,
            published: article.publicationDate,
            author: article.medium,
            image: article.image,
          };
        }),
      },
      format,
    );
  }

  async gameReviews(igdbId: number, format: FeedFormat): Promise<FeedDocument> {
    const game = await this.em.findOne(
      Game,
      { igdbId },
      { fields: ['igdbId', 'slug', 'title', 'createdAt'] },
    );
    if (!game) throw new NotFoundException('Juego no encontrado');
    const reviews = await this.rows.gameReviews(igdbId, FEED_ENTRIES);
    const page = routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbId });
    return this.render(
      {
        title: `${game.title}: críticas de la prensa`,
        description: `Las críticas de medios de ${game.title} según llegan a ${this.config.SITE_NAME}.`,
        pageUrl: this.url(page),
        atomUrl: this.url(feedRoutes.gameReviews(igdbId, 'xml')),
        jsonUrl: this.url(feedRoutes.gameReviews(igdbId, 'json')),
        emptySince: game.createdAt,
        entries: reviews.map((review) =>
          this.reviewEntry(review, `${review.outlet}: ${reviewScore(review)}`),
        ),
      },
      format,
    );
  }

  async outletReviews(slug: string, format: FeedFormat): Promise<FeedDocument> {
    const outlet = await repository(this.em, OutletPagesRepository).findBySlug(slug);
    if (!outlet || outlet.reviewCount === 0) throw new NotFoundException('Medio no encontrado');
    const reviews = await this.rows.outletReviews(outlet.name, FEED_ENTRIES);
    return this.render(
      {
        title: `${outlet.name}: sus críticas`,
        description: `Las críticas de ${outlet.name} según llegan a ${this.config.SITE_NAME}.`,
        pageUrl: this.url(routes.outlet(outlet.slug)),
        atomUrl: this.url(feedRoutes.outletReviews(outlet.slug, 'xml')),
        jsonUrl: this.url(feedRoutes.outletReviews(outlet.slug, 'json')),
        emptySince: startOfToday(),
        entries: reviews.map((review) => this.reviewEntry(review, `${review.title}: ${reviewScore(review)}`)),
      },
      format,
    );
  }

  async releases(platformId: string, format: FeedFormat): Promise<FeedDocument> {
    const platform = platformName(platformId);
    if (!platform) throw new NotFoundException('Plataforma no encontrada');
    const games = await this.rows.upcomingReleases(platform, FEED_ENTRIES);
    return this.render(
      {
        title: `Próximos lanzamientos en ${platform}`,
        description: `Los juegos que salen en ${platform}, los más cercanos primero.`,
        pageUrl: this.url(routes.catalogue(platformId)),
        atomUrl: this.url(feedRoutes.releases(platformId, 'xml')),
        jsonUrl: this.url(feedRoutes.releases(platformId, 'json')),
        emptySince: startOfToday(),
        entries: games.map((game) => {
          const url = this.url(routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbId }));
          const when = formatReleaseDate(
            game.releaseDate,
            game.releaseDatePrecision as ReleaseDatePrecision | null,
          );
          return {
            id: url,
            title: `${game.title} (${when})`,
            url,
            summary: `Sale en ${game.platforms.join(', ')}: ${when}.${game.summaryEs ? ` ${game.summaryEs}` : ''}`,
            updated: game.updatedAt,
            image: game.imageCover,
          };
        }),
      },
      format,
    );
  }

  private reviewEntry(review: FeedReviewRow, title: string): FeedEntry {
    const page = this.url(routes.game({ slug: review.slug, title: review.title, igdbID: review.igdbId }));
    const published = reviewPublished(review);
    const parts = [
      `${review.outlet} puntúa ${review.title} con ${reviewScore(review)}`,
      review.platform ? ` en ${review.platform}` : '',
      published ? ` (${formatDate(review.publishedAt)})` : '',
      '.',
      review.snippet ? ` ${review.snippet}` : '',
    ];
    return {
      id: `${page}#critica-${review.id}`,
      title,
      url: review.link ?? page,
      summary: parts.join(''),
      updated: review.createdAt,
      published,
      author: review.author ?? review.outlet,
    };
  }
}
