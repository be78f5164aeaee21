import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small web site served from the test itself on 127.0.0.1 (allow-listed for the scrapers with
 * SCRAPER_ALLOWED_HOSTS=127.0.0.1) on a random port: the "outlet" whose pages the workers fetch.
 */
export class LocalSite {
  private readonly pages = new Map<string, string>();
  /** Paths requested so far, robots.txt included. */
  readonly hits: string[] = [];
  private readonly server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    this.hits.push(path);
    const body = this.pages.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No encontrado');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });

  static async start(): Promise<LocalSite> {
    const site = new LocalSite();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    return site;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Serves `html` at `path` and answers the page's absolute URL. */
  page(path: string, html: string): string {
    this.pages.set(path, html);
    return `${this.origin}${path}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ArticleFixture {
  title: string;
  medium: string;
  /** ISO timestamp of article:published_time. */
  publishedAt: string;
  paragraphs: [string, string, string, ...string[]];
  /** Absolute URL of the lead image (og:image). */
  image: string;
}

/**
 * A realistic outlet article: Open Graph tags, article:published_time, a cookie banner and a newsletter
 * box before the article, navigation, a byline, the body paragraphs, related links and a footer.
 */
export function articlePage(url: string, article: ArticleFixture): string {
  const { title, medium, publishedAt, paragraphs, image } = article;
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(medium)}</title>
<meta name="description" content="${escapeHtml(paragraphs[0].slice(0, 150))}">
<meta property="og:type" content="article">
<meta property="og:site_name" content="${escapeHtml(medium)}">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(paragraphs[0].slice(0, 150))}">
<meta property="og:image" content="${escapeHtml(image)}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta property="article:published_time" content="${publishedAt}">
<meta property="article:section" content="Noticias">
<link rel="canonical" href="${escapeHtml(url)}">
</head>
<body>
<div id="cookie-banner" class="cookie-consent" role="dialog" aria-label="Consentimiento de cookies">
  <p>Utilizamos cookies propias y de terceros para mejorar nuestros servicios y mostrarte publicidad relacionada con tus preferencias. Si continúas navegando, consideramos que aceptas su uso.</p>
  <button type="button">Aceptar todas</button> <button type="button">Configurar</button>
</div>
<header class="site-header">
  <a href="/" class="logo">${escapeHtml(medium)}</a>
  <nav><ul><li><a href="/noticias/">Noticias</a></li><li><a href="/analisis/">Análisis</a></li><li><a href="/avances/">Avances</a></li></ul></nav>
</header>
<aside class="newsletter">
  <p>Suscríbete a nuestro boletín semanal y recibe cada lunes las noticias más importantes de la semana.</p>
</aside>
<main>
  <article class="noticia">
    <h1>${escapeHtml(title)}</h1>
    <div class="byline">Por Lucía Fernández · <time datetime="${publishedAt}">${publishedAt.slice(0, 10)}</time></div>
    <figure><img src="${escapeHtml(image)}" alt="${escapeHtml(title)}" width="1200" height="675"></figure>
    <div class="cuerpo">
${paragraphs.map((paragraph) => `      <p>${escapeHtml(paragraph)}</p>`).join('\n')}
    </div>
  </article>
  <section class="relacionadas">
    <h2>Noticias relacionadas</h2>
    <ul><li><a href="/noticias/otra">Otra noticia sin relación</a></li></ul>
  </section>
</main>
<footer><p>© 2026 ${escapeHtml(medium)}. Todos los derechos reservados. Aviso legal · Política de privacidad</p></footer>
</body>
</html>`;
}

export interface ReviewFixture {
  game: string;
  outlet: string;
  author: string;
  /** As published, e.g. '8,5'. */
  ratingValue: string;
  bestRating: string;
  body: string;
}

/** An outlet's review page that declares its score in a schema.org Review (JSON-LD). */
export function reviewPage(url: string, review: ReviewFixture): string {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Review',
    name: `Análisis de ${review.game}`,
    url,
    itemReviewed: { '@type': 'VideoGame', name: review.game, gamePlatform: 'PC' },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.ratingValue,
      bestRating: review.bestRating,
      worstRating: '0',
    },
    author: { '@type': 'Person', name: review.author },
    publisher: { '@type': 'Organization', name: review.outlet },
    reviewBody: review.body,
    datePublished: '2026-03-05T16:00:00+01:00',
  };
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>Análisis de ${escapeHtml(review.game)} - ${escapeHtml(review.outlet)}</title>
<meta property="og:site_name" content="${escapeHtml(review.outlet)}">
<link rel="canonical" href="${escapeHtml(url)}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head>
<body>
<h1>Análisis de ${escapeHtml(review.game)}</h1>
<p class="firma">${escapeHtml(review.author)}</p>
<p>${escapeHtml(review.body)}</p>
<div class="nota">${escapeHtml(review.ratingValue)}</div>
</body>
</html>`;
}
