import { Controller, Get, Header, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { APP_CONFIG, fromRoot, type AppConfig } from '@veredicto/config';
import { routes } from '@veredicto/contract';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BestOfRepository,
  GENRES_BY_SLUG,
  PLATFORMS,
  repository,
  SitemapRepository,
  slugify,
  SPANISH_GENRES,
} from '@veredicto/db';
import { renderShell } from './html-shell.js';
import { PageMetaService } from './page-meta.service.js';
import { routePreloads, type ViteManifest } from './route-preloads.js';

const SITEMAP_PAGE_SIZE = 40_000;
const SITEMAP_NEWS_LIMIT = 50_000;

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/**
 * Serves the built front end: every page route answers index.html with its own title, description,
 * canonical link and Open Graph tags already in the head; plus robots.txt and the sitemaps.
 */
@ApiExcludeController()
@Controller()
export class FrontendController {
  private template?: Promise<string>;
  private manifest?: Promise<ViteManifest>;

  constructor(
    private readonly meta: PageMetaService,
    private readonly sitemaps: SitemapRepository,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private dist(): string {
    return isAbsolute(this.config.FRONTEND_DIST)
      ? this.config.FRONTEND_DIST
      : fromRoot(this.config.FRONTEND_DIST);
  }

  /** Vite's build manifest, to preload each route's chunk; empty (no preloads) when missing. */
  private loadManifest(): Promise<ViteManifest> {
    this.manifest ??= readFile(join(this.dist(), '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as ViteManifest)
      .catch(() => {
        this.manifest = undefined;
        return {};
      });
    return this.manifest;
  }

  private loadTemplate(): Promise<string> {
    const dist = this.dist();
    this.template ??= readFile(join(dist, 'index.html'), 'utf8').catch(() => {
      this.template = undefined;
      return '<!doctype html><html lang="es"><head><meta charset="utf-8"><!--app-head--></head><body><p>La interfaz no está compilada: ejecuta <code>npm run build</code>.</p></body></html>';
    });
    return this.template;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots() {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /user/',
      'Disallow: /results',
      `Sitemap: ${this.config.PUBLIC_URL}/sitemap.xml`,
      '',
    ].join('\n');
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemapIndex() {
    const pages = Math.max(1, Math.ceil((await this.sitemaps.countGames()) / SITEMAP_PAGE_SIZE));
    const base = this.config.PUBLIC_URL;
    const maps = [
      `${base}/sitemaps/pages.xml`,
      `${base}/sitemaps/news.xml`,
      `${base}/sitemaps/outlets.xml`,
      `${base}/sitemaps/best-of.xml`,
      `${base}/sitemaps/profiles.xml`,
    ];
    for (let page = 1; page <= pages; page++) maps.push(`${base}/sitemaps/games-${page}.xml`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
      .map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }

  @Get('sitemaps/:name')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemap(@Param('name') name: string, @Res() response: Response) {
    const base = this.config.PUBLIC_URL;
    let urls: { loc: string; lastmod?: string }[] | undefined;
    if (name === 'pages.xml') {
      urls = [
        '/',
        '/games/all',
        '/news/allNews',
        '/como-calculamos-las-notas',
        '/politica-de-privacidad',
        routes.outlets(),
      ].map((path) => ({
        loc: `${base}${path}`,
      }));
    } else if (name === 'outlets.xml') {
      urls = (await this.sitemaps.outletSlugs()).map((slug) => ({ loc: `${base}${routes.outlet(slug)}` }));
    } else if (name === 'best-of.xml') {
      urls = (await this.bestOfPaths()).map((path) => ({ loc: `${base}${path}` }));
    } else if (name === 'news.xml') {
      const rows = await this.sitemaps.latestNews(SITEMAP_NEWS_LIMIT);
      urls = rows.map((row) => ({
        loc: `${base}/news/${row.slug}`,
        // An article of unknown date has no lastmod rather than a made-up one.
        ...(row.publicationDate ? { lastmod: new Date(row.publicationDate).toISOString() } : {}),
      }));
    } else if (name === 'profiles.xml') {
      const rows = await this.sitemaps.publicProfiles(SITEMAP_PAGE_SIZE);
      urls = rows.map((row) => ({
        loc: `${base}${routes.publicProfile(row.username)}`,
        lastmod: new Date(row.updatedAt).toISOString().slice(0, 10),
      }));
    } else {
      const match = /^games-(\d{1,4})\.xml$/.exec(name);
      if (match && Number(match[1]) >= 1) {
        const rows = await this.sitemaps.gamePage(
          (Number(match[1]) - 1) * SITEMAP_PAGE_SIZE,
          SITEMAP_PAGE_SIZE,
        );
        if (rows.length) {
          urls = rows.map((row) => ({
            loc: `${base}/game/${row.slug}/${row.igdbId}`,
            lastmod: new Date(row.updatedAt).toISOString().slice(0, 10),
          }));
        }
      }
    }
    if (!urls) {
      response.status(404).json({ statusCode: 404, message: 'Recurso no encontrado' });
      return;
    }
    response
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
          .map(
            (url) =>
              `  <url><loc>${xmlEscape(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
          )
          .join('\n')}\n</urlset>\n`,
      );
  }

  /** Every best-of list with games: each year, each platform of each year, each genre. */
  private async bestOfPaths(): Promise<string[]> {
    const lists = await repository(this.em, BestOfRepository).listsWithGames();
    const genres = new Set(
      lists.genres.flatMap((igdbName) => {
        const name = SPANISH_GENRES[igdbName];
        return name ? [slugify(name)] : [];
      }),
    );
    return [
      ...lists.years.map((year) => routes.bestOfYear(year)),
      ...lists.yearPlatforms.flatMap(({ year, platform }) => {
        const id = PLATFORMS.find((known) => known.name === platform)?.id;
        return id ? [routes.bestOfPlatform(year, id)] : [];
      }),
      ...[...genres].filter((slug) => GENRES_BY_SLUG.has(slug)).map((slug) => routes.bestOfGenre(slug)),
    ];
  }

  @Get(['/', '*path'])
  async page(@Req() request: Request, @Res() response: Response) {
    if (/^\/(api|health)(\/|$)/.test(request.path)) {
      response.status(404).json({ statusCode: 404, message: 'Recurso no encontrado' });
      return;
    }
    const query = request.query as Record<string, unknown>;
    const [template, meta, manifest] = await Promise.all([
      this.loadTemplate(),
      this.meta.forPath(request.path, query),
      this.loadManifest(),
    ]);
    response
      .status(meta.status)
      .type('text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-cache')
      .send(
        renderShell(template, meta, {
          publicUrl: this.config.PUBLIC_URL,
          siteName: this.config.SITE_NAME,
          contactEmail: this.config.CONTACT_EMAIL,
          preloads: meta.status === 200 ? routePreloads(request.path, query, manifest) : undefined,
        }),
      );
  }
}
