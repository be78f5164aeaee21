import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import {
  DEFAULT_DESCRIPTION,
  documentTitle,
  pageFeeds,
  pageTexts,
  platformName,
  routes,
  type PageFeed,
  type PageText,
  yearImageRoute,
  siteUrl,
} from '@veredicto/contract';
import {
  Game,
  GENRES_BY_SLUG,
  NewsArticle,
  OutletPagesRepository,
  ProfileRepository,
  repository,
} from '@veredicto/db';
import { isPossibleUsername } from '../diary/username-param.pipe.js';
import { YEAR_IMAGE_HEIGHT, YEAR_IMAGE_WIDTH } from '../diary/year-image.js';
import { parseReviewYear } from '../diary/year-in-review.js';
import { videoGameJsonLd } from './video-game-json-ld.js';

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  /** The size of an image the site draws itself (a PNG), so a preview can lay it out before loading it. */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'article';
  noindex?: boolean;
  /** Structured data (schema.org) written into the head as application/ld+json. */
  jsonLd?: Record<string, unknown>;
  /** The page's feeds, linked with rel="alternate" (Atom, then JSON Feed). */
  feeds?: PageFeed[];
}

const newsFeed = pageFeeds.news();

const PRIVATE_PAGES = new Map<string, PageText>([
  ['login', pageTexts.login()],
  ['login-link', pageTexts.loginLink()],
  ['register', pageTexts.register()],
  ['confirm', pageTexts.confirm()],
  ['forgot-password', pageTexts.forgotPassword()],
  ['reset-password', pageTexts.resetPassword()],
  ['confirm-email', pageTexts.confirmEmail()],
  ['admin', pageTexts.admin()],
  // The spec's old address of the news list, which the front redirects.
  ['posts', pageTexts.newsList()],
]);
const USER_PAGES = new Map<string, PageText>([
  ['reviews', pageTexts.myReviews()],
  ['lists', pageTexts.myLists()],
  ['games', pageTexts.myGames()],
  ['activity', pageTexts.activity()],
]);

/** Title, description and canonical link of every public page, so crawlers see them without JavaScript. */
@Injectable()
export class PageMetaService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forPath(path: string, query: Record<string, unknown>): Promise<PageMeta> {
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    const [first, second, third] = segments;

    if (segments.length === 0) {
      return this.page(pageTexts.home(), { canonicalPath: routes.home(), feeds: [newsFeed] });
    }
    if (first === 'games' && segments.length <= 2) {
      const platform = second && second !== 'all' ? platformName(second) : undefined;
      if (second && second !== 'all' && !platform) return this.notFound();
      return this.page(pageTexts.catalogue(platform), {
        canonicalPath: routes.catalogue(second),
        feeds: platform ? [pageFeeds.releases({ id: second, name: platform })] : undefined,
      });
    }
    if (first === 'game' && segments.length === 3 && /^\d{1,10}$/.test(third)) {
      const game = await this.em.fork().findOne(Game, { igdbId: Number(third) });
      if (!game) return this.notFound();
      const canonicalPath = routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbId });
      // A Spanish page describes itself in Spanish: an English synopsis is not used as the description.
      return this.page(pageTexts.game({ title: game.title, summary: game.summaryEs }), {
        canonicalPath,
        image: game.imageArt ?? game.imageCover,
        jsonLd: videoGameJsonLd(game, siteUrl(this.config.PUBLIC_URL, canonicalPath)),
        feeds: [pageFeeds.gameReviews({ igdbID: game.igdbId, title: game.title })],
      });
    }
    if (first === 'news' && (second === 'allNews' || second === 'page' || !second)) {
      return this.page(pageTexts.newsList(), { canonicalPath: routes.newsList(), feeds: [newsFeed] });
    }
    if (first === 'news' && segments.length === 2) {
      const article = await this.em.fork().findOne(NewsArticle, { slug: second });
      if (!article) return this.notFound();
      return this.page(pageTexts.newsArticle(article), {
        canonicalPath: routes.newsArticle(article),
        image: article.image,
        type: 'article',
        feeds: [newsFeed],
      });
    }
    if (first === 'u' && segments.length === 2) {
      // The head is the same for every reader: only a public profile is a page for crawlers; the front
      // still shows a profile for followers to them, with their token.
      if (!isPossibleUsername(second)) return this.notFound();
      const owner = await repository(this.em.fork(), ProfileRepository).findOwner(second);
      if (!owner || owner.profileVisibility !== 'public') return this.notFound();
      return this.page(pageTexts.publicProfile(owner.username), {
        canonicalPath: routes.publicProfile(owner.username),
      });
    }
    if (first === 'u' && segments.length === 3) {
      // 'Tu año': a page for crawlers and link previews, with its picture, only of a public profile.
      const year = parseReviewYear(third);
      if (!isPossibleUsername(second) || year === null) return this.notFound();
      const owner = await repository(this.em.fork(), ProfileRepository).findOwner(second);
      if (!owner || owner.profileVisibility !== 'public') return this.notFound();
      return this.page(pageTexts.yearInReview(owner.username, year), {
        canonicalPath: routes.yearInReview(owner.username, year),
        image: siteUrl(this.config.PUBLIC_URL, yearImageRoute(owner.username, year)),
        imageSize: { width: YEAR_IMAGE_WIDTH, height: YEAR_IMAGE_HEIGHT },
      });
    }
    if (first === 'como-calculamos-las-notas' && segments.length === 1) {
      return this.page(pageTexts.scoringMethod(), { canonicalPath: routes.scoringMethod() });
    }
    if (first === 'medios' && segments.length === 1) {
      return this.page(pageTexts.outlets(), { canonicalPath: routes.outlets() });
    }
    if (first === 'medios' && segments.length === 2) {
      const outlet = await repository(this.em.fork(), OutletPagesRepository).findBySlug(second);
      if (!outlet || outlet.reviewCount === 0) return this.notFound();
      return this.page(pageTexts.outlet({ name: outlet.name, reviews: outlet.reviewCount }), {
        canonicalPath: routes.outlet(outlet.slug),
        feeds: [pageFeeds.outletReviews(outlet)],
      });
    }
    if (first === 'mejores' && second === 'genero' && segments.length === 3) {
      const genre = GENRES_BY_SLUG.get(third);
      if (!genre) return this.notFound();
      return this.page(pageTexts.bestOf({ genre: genre.name }), {
        canonicalPath: routes.bestOfGenre(genre.slug),
      });
    }
    if (first === 'mejores' && /^\d{4}$/.test(second ?? '') && segments.length <= 3) {
      const platform = third === undefined ? undefined : platformName(third);
      if (third !== undefined && !platform) return this.notFound();
      return this.page(pageTexts.bestOf({ year: Number(second), platform }), {
        canonicalPath: third ? routes.bestOfPlatform(second, third) : routes.bestOfYear(second),
      });
    }
    if (first === 'politica-de-privacidad' && segments.length === 1) {
      return this.page(pageTexts.privacy(), { canonicalPath: routes.privacy() });
    }
    if (first === 'results') {
      const name = typeof query.name === 'string' ? query.name.slice(0, 100) : '';
      return this.page(pageTexts.search(name), { canonicalPath: '/results', noindex: true });
    }
    // Pages behind a login or of no use to a search engine: titled like the front, kept out of the index.
    const privatePage =
      first === 'user'
        ? (USER_PAGES.get(second) ?? pageTexts.profile())
        : segments.length === 1
          ? PRIVATE_PAGES.get(first)
          : undefined;
    if (privatePage) {
      return this.page(privatePage, { canonicalPath: `/${segments.join('/')}`, noindex: true });
    }
    return this.notFound();
  }

  /** A page's meta tags from its contract text: the site's name in the title, the default description. */
  private page(
    text: PageText,
    rest: Omit<PageMeta, 'status' | 'title' | 'description'>,
    status = 200,
  ): PageMeta {
    return {
      status,
      title: documentTitle(text.title, this.config.SITE_NAME),
      description: text.description ?? DEFAULT_DESCRIPTION,
      ...rest,
    };
  }

  private notFound(): PageMeta {
    return this.page(pageTexts.notFound(), { canonicalPath: '/', noindex: true }, 404);
  }
}
