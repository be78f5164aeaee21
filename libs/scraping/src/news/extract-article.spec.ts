import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import {
  articleNeedsBrowser,
  extractArticle,
  withoutSiteSuffix,
  type ExtractedArticle,
} from './extract-article.js';

const FIXTURES = new URL('../../../../test/fixtures/news/', import.meta.url);

/**
 * Decodes a saved page as the fetcher does: the `<meta charset>` of the page, UTF-8 otherwise, and
 * ISO-8859-1 read as its superset windows-1252, as browsers do (WHATWG Encoding).
 */
function fixture(name: string): string {
  const bytes = readFileSync(new URL(name, FIXTURES));
  const head = bytes.subarray(0, 2048).toString('latin1');
  const declared = (/<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8').toLowerCase();
  return iconv.decode(bytes, declared === 'iso-8859-1' ? 'windows-1252' : declared);
}

describe('extractArticle', () => {
  it('reads a page that only has JSON-LD (malformed, beside a breadcrumb) and no Open Graph', () => {
    const article = extractArticle(
      fixture('json-ld-only.html'),
      'https://www.3djuegos.com/juegos/hollow-knight-silksong/noticias/hollow-knight-silksong-ya-tiene-fecha-lanzamiento',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'Hollow Knight: Silksong ya tiene fecha de lanzamiento y llegará también a Switch 2',
      image: 'https://i.blogs.es/3djuegos/silksong-portada-1200.jpg',
      publicationDate: '2025-08-21T15:05:00.000Z',
      description:
        'Después de años de espera, Team Cherry ha confirmado que Hollow Knight: Silksong se lanzará el 4 de septiembre en PC, PlayStation, Xbox y Nintendo Switch, con una versión mejorada para Switch 2.',
      description2:
        'El estudio australiano lo ha anunciado con un nuevo tráiler en el que vemos a Hornet recorriendo el reino de Pharloom, un mundo «más grande y vertical» que el del primer juego.',
      description3:
        'El precio será de 19,99 euros, el mismo que tuvo Hollow Knight en su lanzamiento, y el juego estará disponible desde el primer día en Game Pass.',
      medium: '3DJuegos',
      logo: 'https://www.3djuegos.com/img/logos/3djuegos-600x60.png',
      link: 'https://www.3djuegos.com/juegos/hollow-knight-silksong/noticias/hollow-knight-silksong-ya-tiene-fecha-lanzamiento',
    });
  });

  it('reads a page that only has Open Graph, skipping bylines, captions, ads, related boxes and "Lee también"', () => {
    const article = extractArticle(
      fixture('open-graph-only.html'),
      'https://www.hobbyconsolas.com/noticias/nintendo-confirma-nuevo-zelda-2026-1434567?utm_source=home',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'Nintendo confirma un nuevo Zelda para 2026',
      image:
        'https://www.hobbyconsolas.com/sites/navi.axelspringer.es/public/media/image/2025/03/zelda-nuevo-2026.jpg?tf=1200x',
      publicationDate: '2025-03-12T08:30:00.000Z',
      description:
        'Nintendo ha aprovechado su reunión trimestral con inversores para confirmar que el próximo juego de The Legend of Zelda ya está en desarrollo y llegará en 2026.',
      description2:
        'Shuntaro Furukawa, presidente de la compañía, no ha querido dar más detalles, pero sí ha asegurado que será «una experiencia diseñada desde cero para Switch 2».',
      description3:
        'Todo apunta a que veremos el primer tráiler en el próximo Nintendo Direct, que según varios rumores se celebrará antes del verano.',
      medium: 'HobbyConsolas',
      logo: 'https://www.hobbyconsolas.com/themes/custom/hobby/icons/apple-touch-icon-180.png',
      link: 'https://www.hobbyconsolas.com/noticias/nintendo-confirma-nuevo-zelda-2026-1434567',
    });
  });

  it('reads a page with neither: <title>, <time>, paragraphs found by density, the host as medium', () => {
    const article = extractArticle(
      fixture('no-metadata.html'),
      'https://vandal.elespanol.com/noticia/1350767/nintendo-anuncia-un-nintendo-direct?utm_source=twitter&utm_medium=social&ref=home&fbclid=IwAR0abc#comentarios',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'Nintendo anuncia un Nintendo Direct para mañana centrado en Switch 2',
      image: 'https://vandal.elespanol.com/i/noticias/1350767/nintendo-direct-marzo.jpg',
      publicationDate: '2025-03-25T13:00:00.000Z',
      description:
        'Nintendo ha anunciado un nuevo Nintendo Direct para mañana miércoles 26 de marzo a las 15:00 horas, que durará aproximadamente 30 minutos.',
      description2:
        'La compañía japonesa ha confirmado que la retransmisión estará centrada en los juegos de Switch 2 que llegarán durante la primera mitad del año.',
      description3:
        'No se esperan anuncios de hardware, por lo que no habrá novedades sobre el precio de la consola.',
      medium: 'Vandal',
      logo: 'https://vandal.elespanol.com/favicon.ico',
      link: 'https://vandal.elespanol.com/noticia/1350767/nintendo-anuncia-un-nintendo-direct?ref=home',
    });
  });

  describe('a JavaScript-rendered page', () => {
    const pageUrl =
      'https://as.com/meristation/noticias/el-director-de-final-fantasy-vii-remake-habla-de-la-tercera-parte-n/';

    it('reads the page as rendered by the browser', () => {
      expect(extractArticle(fixture('spa-rendered.html'), pageUrl)).toEqual<ExtractedArticle>({
        title: 'El director de Final Fantasy VII Remake habla de la tercera parte',
        image: 'https://img.asmedia.epimg.net/resizer/v2/ff7-remake-parte-3.jpg?auth=9f1c&width=1200',
        publicationDate: '2025-05-20T10:45:00.000Z',
        description:
          'Naoki Hamaguchi, director de Final Fantasy VII Rebirth, ha confirmado en una entrevista que la tercera y última parte del proyecto está en pleno desarrollo.',
        description2:
          'Según sus palabras, el equipo ya tiene cerrada la historia y está trabajando en los combates finales, que serán «los más ambiciosos de la saga».',
        description3:
          'Hamaguchi también ha explicado que no tardarán tanto como con Rebirth, ya que el motor y muchas de las herramientas ya están listas.',
        medium: 'MeriStation',
        logo: 'https://as.com/meristation/favicon.svg',
        link: pageUrl,
      });
    });

    it('reads next to nothing from the empty shell the server sends', () => {
      expect(extractArticle(fixture('spa-shell.html'), pageUrl)).toEqual<ExtractedArticle>({
        title: 'MeriStation',
        image: null,
        publicationDate: null,
        description: '',
        description2: '',
        description3: '',
        medium: 'MeriStation',
        logo: 'https://as.com/meristation/favicon.svg',
        link: pageUrl,
      });
    });

    it('asks for a browser for the shell only', () => {
      expect(articleNeedsBrowser(fixture('spa-shell.html'))).toBe(true);
      expect(articleNeedsBrowser(fixture('spa-rendered.html'))).toBe(false);
    });
  });

  it('reads an ISO-8859-1 page with <base href>, relative URLs and only a date in words', () => {
    const html = fixture('latin1-base-href.html');
    expect(html).toContain('Íñigo');
    const article = extractArticle(
      html,
      'https://www.pixelcanario.es/noticias/2025/03/ranking.php?id=881&utm_source=newsletter',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: '¿Llegará España al podio del Mundial de eSports? La selección ya tiene rivales',
      image: 'https://www.pixelcanario.es/img/noticias/2025/03/seleccion-espanola-esports.jpg',
      publicationDate: '2025-03-12T00:00:00.000Z',
      description:
        'La selección española de eSports ya conoce a sus rivales para la fase de grupos del Mundial que se celebrará en Riad el próximo verano, y el sorteo no ha sido nada amable.',
      description2:
        'España compartirá grupo con Corea del Sur, Brasil y Dinamarca, tres de las potencias del circuito. ¿Podrá el equipo de Íñigo Peña repetir la hazaña de 2023?',
      description3:
        'El seleccionador se ha mostrado optimista: «Tenemos el mejor equipo de nuestra historia y vamos a pelear cada partida», aseguró tras el sorteo en Madrid.',
      medium: 'Pixel Canario',
      logo: 'https://www.pixelcanario.es/img/icono-192.png',
      link: 'https://www.pixelcanario.es/noticias/2025/03/ranking.php?id=881',
    });
  });

  it('skips a cookie banner, a newsletter box and a share bar placed before the article, and tops up with a summary', () => {
    const article = extractArticle(
      fixture('cookie-newsletter-first.html'),
      'https://www.vidaextra.com/playstation/playstation-plus-sube-precio-espana-abril',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'PlayStation Plus sube de precio en España a partir de abril',
      image: 'https://i.blogs.es/vidaextra/ps-plus-precio-2025.jpg',
      publicationDate: '2025-02-27T10:15:00.000Z',
      description:
        'Sony ha anunciado una subida de precio de PlayStation Plus en España que afectará a las suscripciones anuales de los tres niveles del servicio: Essential, Extra y Premium.',
      description2:
        'El nivel Essential pasará de 71,99 a 79,99 euros al año, mientras que Extra costará 134,99 euros y Premium llegará hasta los 161,99 euros anuales.',
      // og:description repeats the first paragraph (cut with '...'), so the meta description fills in.
      description3:
        'Los nuevos precios entrarán en vigor el 1 de abril y afectan a los tres niveles del servicio.',
      medium: 'Vida Extra',
      logo: 'https://img.weblogssl.com/css/vidaextra/p/common/apple-touch-icon.png',
      link: 'https://www.vidaextra.com/playstation/playstation-plus-sube-precio-espana-abril',
    });
  });

  it('reads an English outlet, decoding entities and preferring the largest PNG icon', () => {
    const article = extractArticle(
      fixture('english-outlet.html'),
      'https://www.ign.com/articles/nintendo-switch-2-sells-58-million-units-first-month',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'Nintendo Switch 2 Sells 5.8 Million Units in Its First Month',
      image: 'https://assets-prd.ignimgs.com/2025/07/31/switch2-sales-1753960000000.jpg',
      publicationDate: '2025-07-31T13:20:00.000Z',
      description:
        'Nintendo has revealed that Switch 2 sold 5.82 million units worldwide in its first four weeks on the market, making it the company’s fastest-selling console ever.',
      description2:
        'The figure, shared in Nintendo’s quarterly earnings report, puts Switch 2 well ahead of the original Switch — which took ten months to reach the same number.',
      description3:
        'Mario Kart World, which was bundled with the console in most regions, sold 5.63 million copies over the same period.',
      medium: 'IGN',
      logo: 'https://www.ign.com/icons/favicon-192.png',
      link: 'https://www.ign.com/articles/nintendo-switch-2-sells-58-million-units-first-month',
    });
  });

  it('follows @id references in an @graph to the image, the publisher and its logo', () => {
    const article = extractArticle(
      fixture('graph-publisher-logo.html'),
      'https://www.nintenderos.com/2025/04/pokemon-leyendas-z-a-combate-tiempo-real/',
    );
    expect(article).toEqual<ExtractedArticle>({
      title: 'Pokémon Leyendas: Z-A muestra su sistema de combate en tiempo real & nuevas megaevoluciones',
      image: 'https://www.nintenderos.com/wp-content/uploads/2025/04/pokemon-leyendas-z-a-combate.jpg',
      publicationDate: '2025-04-02T08:00:00.000Z',
      description:
        'The Pokémon Company ha publicado un nuevo vídeo de Pokémon Leyendas: Z-A en el que por fin podemos ver cómo funciona su sistema de combate en tiempo real.',
      description2:
        'Los combates ya no se dividen en turnos: el jugador puede moverse libremente mientras da órdenes a su Pokémon, que ataca en cuanto se recargan sus movimientos.',
      description3:
        'El tráiler también confirma el regreso de las megaevoluciones, con Mega Dragonite y Mega Victreebel como principales novedades de Ciudad Luminalia.',
      medium: 'Nintenderos',
      logo: 'https://www.nintenderos.com/wp-content/uploads/2023/01/logo-nintenderos-512.png',
      link: 'https://www.nintenderos.com/2025/04/pokemon-leyendas-z-a-combate-tiempo-real/',
    });
  });

  it('needs no browser for any server-rendered fixture', () => {
    for (const name of [
      'json-ld-only.html',
      'open-graph-only.html',
      'no-metadata.html',
      'latin1-base-href.html',
      'cookie-newsletter-first.html',
      'english-outlet.html',
      'graph-publisher-logo.html',
    ]) {
      expect([name, articleNeedsBrowser(fixture(name))]).toEqual([name, false]);
    }
  });

  describe('small pages', () => {
    const page = (head: string, body: string) =>
      `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
    const paragraph = (text: string) => `<p>${text} ${'con texto suficiente para contar como párrafo'}</p>`;

    it('reads JSON-LD whose root is an array and whose image is a plain string', () => {
      const html = page(
        `<script type="application/ld+json">[{"@type":"WebSite","name":"Xataka"},{"@type":["BlogPosting"],"headline":"Titular","image":"/img/a.jpg","datePublished":"2025-01-02","publisher":{"@type":"Organization","name":"Xataka","logo":"/logo.png"}}]</script>`,
        paragraph('Uno'),
      );
      expect(extractArticle(html, 'https://www.xataka.com/n/1')).toEqual<ExtractedArticle>({
        title: 'Titular',
        image: 'https://www.xataka.com/img/a.jpg',
        publicationDate: '2025-01-02T00:00:00.000Z',
        description: 'Uno con texto suficiente para contar como párrafo',
        description2: '',
        description3: '',
        medium: 'Xataka',
        logo: 'https://www.xataka.com/logo.png',
        link: 'https://www.xataka.com/n/1',
      });
    });

    it('survives JSON-LD that cannot be repaired and falls back to twitter:title and twitter:image', () => {
      const html = page(
        `<script type="application/ld+json">{"@type": "NewsArticle", "headline": </script><meta name="twitter:title" content="Desde Twitter"><meta name="twitter:image" content="https://cdn.example.com/t.jpg"><meta name="description" content="Resumen de la noticia.">`,
        '',
      );
      expect(extractArticle(html, 'https://hobbyconsolas.com/a')).toEqual<ExtractedArticle>({
        title: 'Desde Twitter',
        image: 'https://cdn.example.com/t.jpg',
        publicationDate: null,
        description: 'Resumen de la noticia.',
        description2: '',
        description3: '',
        medium: 'Hobbyconsolas',
        logo: 'https://hobbyconsolas.com/favicon.ico',
        link: 'https://hobbyconsolas.com/a',
      });
    });

    it('takes the h1 of the article over <title>, an itemprop date, and prefers <article> to teaser cards', () => {
      const html = page(
        '<title>Otra cosa</title>',
        `<article class="teaser">${paragraph('Teaser')}</article>
         <article><h1>Titular real</h1><span itemprop="datePublished" content="2025-06-01T10:00:00+02:00">1 jun</span>
         ${paragraph('Primero')}${paragraph('Segundo')}${paragraph('Tercero')}${paragraph('Cuarto')}</article>`,
      );
      const article = extractArticle(html, 'https://example.com/x');
      expect([article.title, article.publicationDate, article.description, article.description3]).toEqual([
        'Titular real',
        '2025-06-01T08:00:00.000Z',
        'Primero con texto suficiente para contar como párrafo',
        'Tercero con texto suficiente para contar como párrafo',
      ]);
    });

    it("does not take a game's release date for the article's", () => {
      const html = page(
        `<script type="application/ld+json">{"@type":"VideoGame","name":"Hades II","datePublished":"2025-09-25"}</script>
         <script type="application/ld+json">{"@type":"WebPage","datePublished":"2025-10-01T09:00:00Z"}</script>`,
        paragraph('Uno'),
      );
      expect(extractArticle(html, 'https://example.com/n').publicationDate).toBe('2025-10-01T09:00:00.000Z');
      const withoutPage = html.replace('"WebPage"', '"Thing"');
      expect(extractArticle(withoutPage, 'https://example.com/n').publicationDate).toBeNull();
    });

    it('answers empty strings, never undefined, for an empty document', () => {
      expect(extractArticle('', 'https://www.example.com/a#b')).toEqual<ExtractedArticle>({
        title: '',
        image: null,
        publicationDate: null,
        description: '',
        description2: '',
        description3: '',
        medium: 'Example',
        logo: 'https://www.example.com/favicon.ico',
        link: 'https://www.example.com/a',
      });
    });
  });
});

describe('articleNeedsBrowser', () => {
  it('wants a browser for a shell that only carries meta tags for link previews', () => {
    const html =
      '<html><head><meta property="og:title" content="Titular"></head><body><div id="__next"></div><script src="/app.js"></script></body></html>';
    expect(articleNeedsBrowser(html)).toBe(true);
  });

  it('does not want one for a page with a headline and text outside paragraphs', () => {
    const html = `<html><body><h1>Titular</h1><div>${'Texto de la noticia escrito sin párrafos. '.repeat(10)}</div></body></html>`;
    expect(articleNeedsBrowser(html)).toBe(false);
  });
});

describe('withoutSiteSuffix', () => {
  it.each([
    ['Análisis de Hades II | Vandal', ['Vandal'], 'Análisis de Hades II'],
    ['Análisis de Hades II - Vandal', ['vandal.elespanol.com', 'Vandal'], 'Análisis de Hades II'],
    ['Análisis de Hades II — Vandal', ['Vandal'], 'Análisis de Hades II'],
    ['Zelda | Noticias | HobbyConsolas', ['HobbyConsolas'], 'Zelda | Noticias'],
    ['Zelda - HobbyConsolas Videojuegos', ['Hobbyconsolas'], 'Zelda'],
    ['Spider-Man 2 - Análisis', ['Vandal'], 'Spider-Man 2 - Análisis'],
    ['Vandal', ['Vandal'], 'Vandal'],
  ])('%s', (title, names, expected) => {
    expect(withoutSiteSuffix(title, names)).toBe(expected);
  });
});

/** A page of the real-page corpus (test/fixtures/real, saved by other projects; provenance in its manifest). */
function realPage(name: string): string {
  return gunzipSync(
    readFileSync(new URL(`../../../../test/fixtures/real/pages/${name}.html.gz`, import.meta.url)),
  ).toString('utf8');
}

describe('extractArticle on real saved pages', () => {
  it("names the outlet from the title's suffix when the host shortens it (The New York Times, not 'Nytimes')", () => {
    const nytimes = extractArticle(
      realPage('xx-readability-nytimes-1'),
      'https://www.nytimes.com/2017/01/13/world/africa/sudan-sanctions.html',
    );
    expect(nytimes.medium).toBe('The New York Times');
    const latimes = extractArticle(
      realPage('xx-postlight-latimes-com'),
      'https://www.latimes.com/local/education/la-me-edu-report-on-la-school-shutdown-20161216-story.html',
    );
    expect(latimes.medium).toBe('Los Angeles Times');
  });

  it("reads a ReportageNewsArticle's publisher and date (BBC News, not the host's 'Bbc')", () => {
    const article = extractArticle(
      realPage('uk-fundus-bbc-2024-08-01'),
      'https://www.bbc.com/news/explainers-63159607',
    );
    expect(article.medium).toBe('BBC News');
    expect(article.publicationDate?.slice(0, 10)).toBe('2022-10-10');
  });

  it("reads an en-US page's zoneless time in the US, not in UTC (The Seattle Times, 28 April 2019, 06:01)", () => {
    const article = extractArticle(
      realPage('xx-readability-seattletimes-1'),
      'https://www.seattletimes.com/business/amazon/alaskan-halibut-caught-by-a-century-old-seattle-boat-provides-a-glimpse-of-amazons-strategy-with-whole-foods/',
    );
    expect(article.publicationDate).toBe('2019-04-28T10:01:07.000Z');
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
        new Date(article.publicationDate ?? ''),
      ),
    ).toBe('2019-04-28');
  });

  it("reads an en-US page's numeric date month first (Lifehacker, '3/09/15 8:00am': 9 March 2015)", () => {
    const article = extractArticle(
      realPage('xx-readability-lifehacker-working'),
      'http://lifehacker.com/how-to-program-your-mind-to-stop-buying-crap-you-don-t-1690268064',
    );
    expect(article.publicationDate?.slice(0, 10)).toBe('2015-03-09');
  });

  it("skips a lazy loader's 'preload' placeholder and takes the article's photo (Última Hora, 2014)", () => {
    const article = extractArticle(
      realPage('es-newspaper4k-spanish-article'),
      'http://ultimahora.es/mallorca/noticia/noticias/local/fiscalia-anticorrupcion-estudia-recurre-imputacion-infanta.html',
    );
    expect(article.image).toBe(
      'http://ultimahora.es/sfAttachPlugin/getCachedContent/id/158666/width/515/height/337.png',
    );
  });
});
