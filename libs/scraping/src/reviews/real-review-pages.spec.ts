import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { extractArticle } from '../news/extract-article.js';
import { readReviewPage } from './extract-reviews.js';

/** test/fixtures/real: pages other projects saved; manifest.json records each one's repository and commit. */
const CORPUS = new URL('../../../../test/fixtures/real/', import.meta.url);

interface ReviewPageEntry {
  file: string;
  url: string;
  expected: {
    reviews: number;
    outlets?: string[];
    ratings?: number[];
    date?: string;
    quoteStarts?: string[];
  };
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', CORPUS), 'utf8')) as {
  reviewPages: ReviewPageEntry[];
};

function saved(file: string): string {
  return gunzipSync(readFileSync(new URL(file, CORPUS))).toString('utf8');
}

function reviewPage(name: string): ReviewPageEntry {
  const entry = manifest.reviewPages.find((page) => page.file.includes(name));
  if (!entry) throw new Error(`no saved review page ${name}`);
  return entry;
}

function article(name: string, url: string) {
  return extractArticle(saved(`pages/${name}.html.gz`), url);
}

describe('Metacritic as it really is (saved pages of e-sendbox/game_aggregator)', () => {
  it('reads each critic card: the printed outlet (GamesBeat, not venturebeat.com), the score of its label, the quote and the date', () => {
    const page = reviewPage('elden-ring-critic-reviews');
    const { reviews } = readReviewPage(saved(page.file), page.url);

    expect(reviews).toHaveLength(page.expected.reviews);
    expect(reviews.map((review) => review.outlet)).toEqual(page.expected.outlets);
    expect(reviews.map((review) => review.rating)).toEqual(page.expected.ratings);
    expect(reviews.every((review) => review.rawScore === '100/100')).toBe(true);
    reviews.forEach((review, index) => {
      expect(review.snippet?.startsWith(page.expected.quoteStarts?.[index] ?? '∅')).toBe(true);
      expect(review.publishedAt?.slice(0, 10)).toBe(page.expected.date);
      expect(review.platform).toBe('PlayStation 5');
      expect(new URL(review.link ?? 'https://www.metacritic.com/').hostname).not.toContain('metacritic');
    });
    // The page's own Metascore (96) is the aggregate, not a review.
    expect(reviews.some((review) => review.rating === 96)).toBe(false);
  });

  it("yields no critic review from a page of player reviews and 'User score' badges", () => {
    const page = reviewPage('elden-ring-user-reviews');
    expect(readReviewPage(saved(page.file), page.url).reviews).toEqual([]);
  });
});

describe('extractArticle on the Spanish-language pages added to the real corpus', () => {
  it("names the outlet from the page when og:site_name is a host ('www.diariolibre.com', 'listindiario.com')", () => {
    expect(
      article(
        'es-htmldate-diariolibre-2020-05-16',
        'https://www.diariolibre.com/actualidad/internacional/con-silencio-y-partidos-fantasma-se-reanuda-futbol-aleman-EI18893744',
      ).medium,
    ).toBe('Diario Libre');
    expect(
      article(
        'es-htmldate-listindiario-2020-12-22',
        'https://listindiario.com/el-deporte/2020/12/22/649384/los-grandes-ligas-en-la-lidom',
      ).medium,
    ).toBe('Listín Diario');
    // An outlet that calls itself by its domain keeps that name.
    expect(
      article(
        'es-liqen-eldiario',
        'http://www.eldiario.es/politica/Policia-PP-despues-cuestionar-sentencias_0_610688927.html',
      ).medium,
    ).toBe('eldiario.es');
  });

  it("skips a dateline standing as the first paragraph ('Jueves, 9 de febrero del 2017 - 10:28 CET')", () => {
    const periodico = article(
      'es-liqen-elperiodico',
      'http://www.elperiodico.com/es/noticias/politica/ana-mato-comparecer-juicio-gurtel-declarar-5796132',
    );
    expect(periodico.description).toMatch(/^La exministra de Sanidad Ana Mato tendrá que declarar/);
  });

  it("keeps a registration wall out of the first paragraph (El Día: 'Hemos incorporado el registro')", () => {
    const eldia = article(
      'es-htmldate-eldia-2020-04-15',
      'https://www.eldia.com/nota/2020-4-15-16-5-0-en-ruta-36-y-520-activan-protocolo-de-emergencia-en-un-colectivo-de-la-linea-oeste-la-ciudad',
    );
    expect(eldia.description).toMatch(/^Personal especializado de la Municipalidad de La Plata/);
  });

  it("reads a zone written as an abbreviation ('2017-02-13T16:24:00CEST' is 14:24 UTC)", () => {
    const voz = article(
      'es-liqen-lavozdegalicia',
      'http://www.lavozdegalicia.es/noticia/espana/2017/02/13/juez-atribuye-presidente-murcia-delitos-fraude-cohecho/00031486982881679285690.htm',
    );
    expect(voz.publicationDate).toBe('2017-02-13T14:24:00.000Z');
  });

  it('takes the first declared og:image, not the 300×199 thumbnail declared after it', () => {
    const noticiero = article(
      'es-htmldate-noticierodigital-2020-10-07',
      'https://www.noticierodigital.com/2020/10/borrell-no-aplazar-las-parlamentarias-empeorara-la-situacion-en-venezuela/',
    );
    expect(noticiero.image).toBe(
      'https://www.noticierodigital.com/cms/wp-content/uploads/2020/05/borrell-1may2020.jpg',
    );
  });
});
