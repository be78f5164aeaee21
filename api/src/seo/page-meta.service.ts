import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../libs/config/src/index.js';
import { Game, NewsArticle, platformName } from '../../../libs/db/src/index.js';
import { videoGameJsonLd } from './video-game-json-ld.js';

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** Structured data (schema.org) written into the head as application/ld+json. */
  jsonLd?: Record<string, unknown>;
}

/** The home page's title (the front end sets the same one). */
export const HOME_TITLE = 'Críticas, puntuaciones y noticias de videojuegos';
export const HOME_DESCRIPTION =
  'La media de la crítica y de los jugadores de cada juego de PlayStation, Xbox, Nintendo Switch y PC, críticas y noticias en español.';

export const DEFAULT_DESCRIPTION = 'Consulta las mejores críticas y noticias de videojuegos en español.';

/** The front end's truncate() (frontend/src/lib/format.ts), so both render the same description. */
const cut = (text: string, length = 160) =>
  text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;

/** Title, description and canonical link of every public page, so crawlers see them without JavaScript. */
@Injectable()
export class PageMetaService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forPath(path: string, query: Record<string, unknown>): Promise<PageMeta> {
    const site = this.config.SITE_NAME;
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    const [first, second, third] = segments;

    if (segments.length === 0) {
      return {
        status: 200,
        title: `${HOME_TITLE} | ${site}`,
        description: HOME_DESCRIPTION,
        canonicalPath: '/',
      };
    }
    if (first === 'games' && segments.length <= 2) {
      const platform = second && second !== 'all' ? platformName(second) : undefined;
      if (second && second !== 'all' && !platform) return this.notFound();
      return {
        status: 200,
        title: `${platform ? `Juegos de ${platform}` : 'Juegos'} | ${site}`,
        description: platform
          ? `Críticas y puntuaciones de los juegos de ${platform}.`
          : 'Catálogo de videojuegos con la nota media de la crítica y de los jugadores.',
        canonicalPath: `/games/${second ?? 'all'}`,
      };
    }
    if (first === 'game' && segments.length === 3 && /^\d{1,10}$/.test(third)) {
      const game = await this.em.fork().findOne(Game, { igdbId: Number(third) });
      if (!game) return this.notFound();
      // A Spanish page describes itself in Spanish: an English synopsis is not used as the description.
      const description = game.summaryEs
        ? cut(game.summaryEs)
        : `Críticas de medios y jugadores de ${game.title}: notas, opiniones, vídeos e imágenes.`;
      const canonicalPath = `/game/${game.slug}/${game.igdbId}`;
      return {
        status: 200,
        title: `Críticas de ${game.title} | ${site}`,
        description,
        canonicalPath,
        image: game.imageArt ?? game.imageCover,
        jsonLd: videoGameJsonLd(game, `${this.config.PUBLIC_URL}${canonicalPath}`),
      };
    }
    if (first === 'news' && (second === 'allNews' || second === 'page' || !second)) {
      return {
        status: 200,
        title: `Noticias de Videojuegos | ${site}`,
        description:
          'Toda la actualidad de los videojuegos: lanzamientos, análisis y novedades de PlayStation, Xbox, Nintendo y PC.',
        canonicalPath: '/news/allNews',
      };
    }
    if (first === 'news' && segments.length === 2) {
      const article = await this.em.fork().findOne(NewsArticle, { slug: second });
      if (!article) return this.notFound();
      return {
        status: 200,
        title: `${article.title} | ${site}`,
        // Spec: the first 160 characters of the description, or the fallback.
        description: article.description ? article.description.slice(0, 160) : DEFAULT_DESCRIPTION,
        canonicalPath: `/news/${article.slug}`,
        image: article.image,
        type: 'article',
      };
    }
    if (first === 'como-calculamos-las-notas' && segments.length === 1) {
      return {
        status: 200,
        title: `Cómo calculamos las notas | ${site}`,
        description:
          'Media y mínimos de la crítica, prensa en español, mediana, porcentaje de recomendación, nivel y media de los jugadores: cómo se calcula cada nota.',
        canonicalPath: '/como-calculamos-las-notas',
      };
    }
    if (first === 'results') {
      const name = typeof query.name === 'string' ? query.name.slice(0, 100) : '';
      return {
        status: 200,
        title: `${name || 'Búsqueda'} | ${site}`,
        description: DEFAULT_DESCRIPTION,
        canonicalPath: '/results',
        noindex: true,
      };
    }
    const privatePages: Record<string, string> = {
      login: 'Iniciar sesión',
      register: 'Hazte crítico',
      confirm: 'Confirma tu cuenta',
      'forgot-password': 'Recuperar la contraseña',
      'reset-password': 'Nueva contraseña',
      'confirm-email': 'Confirmación de email',
      user: 'Mi cuenta',
      admin: 'Administración',
      posts: 'Publicaciones',
    };
    if (first in privatePages && (segments.length === 1 || first === 'user')) {
      return {
        status: 200,
        title: `${privatePages[first]} | ${site}`,
        description: DEFAULT_DESCRIPTION,
        canonicalPath: `/${segments.join('/')}`,
        noindex: true,
      };
    }
    return this.notFound();
  }

  private notFound(): PageMeta {
    return {
      status: 404,
      title: `Página no encontrada | ${this.config.SITE_NAME}`,
      description: DEFAULT_DESCRIPTION,
      canonicalPath: '/',
      noindex: true,
    };
  }
}
