import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { extractArticle } from '../news/extract-article.js';
import { readReviewPage } from './extract-reviews.js';
import { logRefusals, type ReviewRefusal } from './review-refusals.js';

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

describe('what a saved real review page refuses, and why', () => {
  const critic = reviewPage('elden-ring-critic-reviews');

  it('reads the page for the game it is about, whatever the spelling of its title', () => {
    for (const gameNames of [['Elden Ring'], ['ELDEN RING'], ['Eldén Ring', 'エルデンリング']]) {
      const reading = readReviewPage(saved(critic.file), critic.url, { gameNames });
      expect(reading.reviews).toHaveLength(critic.expected.reviews);
      expect(reading.refusals.filter((refusal) => refusal.reason === 'other-game')).toEqual([]);
    }
  });

  it('yields nothing from a page about another game, and says which game the page is about', () => {
    // The discovery job derived a wrong address, or an operator pasted Elden Ring's page on Baldur's Gate 3.
    const reading = readReviewPage(saved(critic.file), critic.url, {
      gameNames: ["Baldur's Gate III", "Baldur's Gate 3"],
    });
    expect(reading.reviews).toEqual([]);
    expect(reading.refusals).toEqual([
      {
        reason: 'other-game',
        outlet: null,
        rawScore: null,
        detail: "la página trata de «Elden Ring», no de «Baldur's Gate III»",
      },
    ]);
    // A sequel or an expansion is another game too.
    expect(
      readReviewPage(saved(critic.file), critic.url, { gameNames: ['Elden Ring Nightreign'] }).reviews,
    ).toEqual([]);
  });

  it("logs each refused player score with its reason ('user-review') and the score it refused", () => {
    const page = reviewPage('elden-ring-user-reviews');
    const { reviews, refusals } = readReviewPage(saved(page.file), page.url, { gameNames: ['Elden Ring'] });
    expect(reviews).toEqual([]);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((refusal) => refusal.reason === 'user-review')).toBe(true);

    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    logRefusals({ warn: (fields, message) => lines.push({ fields, message }) }, page.url, refusals);
    expect(lines).toHaveLength(refusals.length);
    expect(lines[0].fields).toEqual({
      reason: 'user-review',
      url: page.url,
      outlet: refusals[0].outlet,
      rawScore: refusals[0].rawScore,
    });
    expect(lines[0].fields.rawScore).toMatch(/^\d{1,2}(\.\d)?$/);
    expect(lines[0].message).toMatch(
      /^crítica rechazada: 'User score [\d.]+ out of 10' es la nota de un jugador/,
    );
  });

  it('refuses nothing on the critic page: every card is a critic with a score on its scale', () => {
    const { refusals } = readReviewPage(saved(critic.file), critic.url, { gameNames: ['Elden Ring'] });
    expect(refusals).toEqual([]);
  });
});

// No saved real page prints a score off its own scale: this one is written here, in a few lines.
describe("a score off the page's scale is refused and logged with its reason", () => {
  it("keeps the review unscored and logs 'score-off-scale' with the score as printed", () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Review',
      itemReviewed: { '@type': 'VideoGame', name: 'Hades II' },
      publisher: { '@type': 'Organization', name: 'Vandal' },
      reviewRating: { '@type': 'Rating', ratingValue: '85', bestRating: '10' },
    })}</script></head><body><h1>Hades II, análisis</h1></body></html>`;
    const reading = readReviewPage(html, 'https://vandal.elespanol.com/analisis/pc/hades-ii/1', {
      gameNames: ['Hades II'],
    });
    expect(reading.reviews.map((review) => [review.outlet, review.rawScore, review.rating])).toEqual([
      ['Vandal', '85', null],
    ]);
    const lines: Record<string, unknown>[] = [];
    logRefusals({ warn: (fields) => lines.push(fields) }, 'https://vandal.elespanol.com/x', reading.refusals);
    expect(lines).toEqual([
      { reason: 'score-off-scale', url: 'https://vandal.elespanol.com/x', outlet: 'Vandal', rawScore: '85' },
    ]);
    expect((reading.refusals as ReviewRefusal[])[0].detail).toBe(
      "la nota '85' de Vandal no cabe en la escala de la página",
    );
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
