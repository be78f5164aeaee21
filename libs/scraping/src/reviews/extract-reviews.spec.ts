import { readFileSync } from 'node:fs';
import { extractReviews, reviewsNeedBrowser, type ExtractedReview } from './extract-reviews.js';
import { deduplicateReviews } from './extracted-review.js';

const FIXTURES = new URL('../../../../test/fixtures/reviews/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** A review with every field null, for the small inline pages. */
const review = (fields: Partial<ExtractedReview>): ExtractedReview => ({
  outlet: '',
  logo: null,
  author: null,
  rawScore: null,
  scale: null,
  rating: null,
  snippet: null,
  link: null,
  platform: null,
  publishedAt: null,
  ...fields,
});

describe('extractReviews on saved pages', () => {
  it('reads a JSON-LD Review scored 8,5 out of 10, completed with the page (snippet, link)', () => {
    expect(
      extractReviews(
        fixture('json-ld-review-comma.html'),
        'https://vandal.elespanol.com/analisis/ps5/split-fiction/185412?utm_campaign=rss',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'Vandal',
        logo: 'https://vandal.elespanol.com/imagenes/logo-vandal-600x60.png',
        author: 'Sergio Martín',
        rawScore: '8,5',
        scale: '10',
        rating: 85,
        snippet:
          'Hazelight firma su juego más ambicioso: una montaña rusa de ideas que cambia de género cada media hora y que hay que jugar acompañado.',
        link: 'https://vandal.elespanol.com/analisis/ps5/split-fiction/185412',
        platform: 'PlayStation 5',
        publishedAt: '2025-03-05T15:00:00.000Z',
      },
    ]);
  });

  it("reads a JSON-LD Review without bestRating as out of 5, nested in the VideoGame's review list", () => {
    expect(
      extractReviews(
        fixture('json-ld-review-no-best.html'),
        'https://www.theguardian.com/games/2025/jul/16/donkey-kong-bananza-review-nintendo-switch-2',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'The Guardian',
        logo: 'https://uploads.guim.co.uk/2018/01/31/TheGuardian_AMP.png',
        author: 'Keza MacDonald',
        rawScore: '4',
        scale: '5',
        rating: 80,
        snippet:
          'Donkey Kong Bananza is a game about destruction, and it is at its best when you stop worrying about where you are supposed to go and simply start punching through the scenery. Every wall, floor and mountain in its underground world can be smashed, scooped up and thrown, and the sensation of tearing through a level with DK’s enormous fists never gets old. It is not perfect: the camera struggles…',
        link: 'https://www.theguardian.com/games/2025/jul/16/donkey-kong-bananza-review-nintendo-switch-2',
        platform: 'Nintendo Switch 2',
        publishedAt: '2025-07-16T14:00:05.000Z',
      },
    ]);
  });

  it('reads a microdata Review, ignoring the reviewed game’s own author and the readers’ AggregateRating', () => {
    expect(
      extractReviews(
        fixture('microdata-review.html'),
        'https://areajugones.sport.es/videojuegos/analisis-de-monster-hunter-wilds-para-pc/',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'Areajugones',
        logo: 'https://areajugones.sport.es/wp-content/uploads/2021/05/logo-areajugones-600.png',
        author: 'Laura Gómez',
        rawScore: '9,2',
        scale: '10',
        rating: 92,
        snippet:
          'Monster Hunter Wilds es la entrega más accesible de la saga sin renunciar a la profundidad: un mundo vivo, cacerías espectaculares y el mejor arsenal hasta la fecha.',
        link: 'https://areajugones.sport.es/videojuegos/analisis-de-monster-hunter-wilds-para-pc/',
        platform: 'PC',
        publishedAt: '2025-02-24T11:00:00.000Z',
      },
    ]);
  });

  it('reads every card of a Metacritic critic reviews page once, unscored ones included', () => {
    const ps5 = 'PlayStation 5';
    expect(
      extractReviews(
        fixture('metacritic-critic-reviews.html'),
        'https://www.metacritic.com/game/clair-obscur-expedition-33/critic-reviews/?platform=playstation-5',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'IGN',
        logo: null,
        author: 'Mitchell Saltzman',
        rawScore: '90',
        scale: '100',
        rating: 90,
        snippet:
          "Clair Obscur: Expedition 33 is a stunning debut that blends turn-based combat with real-time parries better than any RPG I've played in years.",
        link: 'https://www.ign.com/articles/clair-obscur-expedition-33-review',
        platform: ps5,
        publishedAt: '2025-04-23T00:00:00.000Z',
      },
      {
        outlet: 'GameSpot',
        logo: null,
        author: 'Jason Fanelli',
        rawScore: '90',
        scale: '100',
        rating: 90,
        snippet:
          'Sandfall Interactive’s first game is confident, heartfelt and unforgettable from start to finish.',
        link: 'https://www.gamespot.com/reviews/clair-obscur-expedition-33-review/1900-6418301/',
        platform: ps5,
        publishedAt: '2025-04-23T00:00:00.000Z',
      },
      {
        outlet: 'Vandal',
        logo: 'https://www.metacritic.com/a/img/publications/vandal.png',
        author: 'Ramón Varela',
        rawScore: '92',
        scale: '100',
        rating: 92,
        snippet:
          'Un JRPG por turnos que reinventa el género con una dirección artística y una banda sonora de las que marcan época.',
        link: 'https://vandal.elespanol.com/analisis/ps5/clair-obscur-expedition-33/123456',
        platform: ps5,
        publishedAt: '2025-04-24T00:00:00.000Z',
      },
      {
        outlet: 'Hobby Consolas',
        logo: null,
        author: null,
        rawScore: '94',
        scale: '100',
        rating: 94,
        snippet:
          'Una obra maestra que demuestra que los estudios pequeños aún pueden sorprendernos. Imprescindible.',
        link: 'https://www.hobbyconsolas.com/reviews/analisis-clair-obscur-expedition-33-1441234',
        platform: ps5,
        publishedAt: '2025-04-25T00:00:00.000Z',
      },
      {
        outlet: 'Push Square',
        logo: null,
        author: 'Aaron Bayne',
        rawScore: null,
        scale: null,
        rating: null,
        snippet:
          "Review in progress: we're 30 hours in and still discovering new mechanics, so our final verdict will follow next week.",
        link: 'https://www.pushsquare.com/reviews/ps5/clair-obscur-expedition-33',
        platform: ps5,
        publishedAt: '2025-04-22T00:00:00.000Z',
      },
      {
        outlet: 'Eurogamer Italy',
        logo: null,
        author: null,
        rawScore: null,
        scale: null,
        rating: null,
        snippet: 'Un gioco di ruolo che omaggia i classici senza mai sembrare vecchio.',
        link: 'https://www.eurogamer.it/clair-obscur-expedition-33-recensione',
        platform: ps5,
        publishedAt: '2025-04-28T00:00:00.000Z',
      },
      {
        outlet: 'TheGamer',
        logo: null,
        author: 'Ben Sledge',
        rawScore: '80',
        scale: '100',
        rating: 80,
        snippet: 'Beautiful and brave, even if the final act stumbles over its own ambition.',
        link: 'https://www.thegamer.com/clair-obscur-expedition-33-review/',
        platform: ps5,
        publishedAt: '2025-05-02T00:00:00.000Z',
      },
      {
        outlet: 'Worth Playing',
        logo: null,
        author: 'Cody Medellin',
        rawScore: '45',
        scale: '100',
        rating: 45,
        snippet:
          'The parry windows are so punishing that every boss becomes a memorisation test rather than a fight.',
        link: 'https://worthplaying.com/article/2025/5/6/reviews/clair-obscur/',
        platform: ps5,
        publishedAt: '2025-05-06T00:00:00.000Z',
      },
    ]);
  });

  it('reads review cards without Metacritic’s class names: logo, score, quote and outbound link', () => {
    const logos = 'https://www.nintenderos.com/wp-content/uploads/medios';
    expect(
      extractReviews(
        fixture('press-roundup-cards.html'),
        'https://www.nintenderos.com/2025/06/mario-kart-world-notas-prensa/',
      ),
    ).toEqual<ExtractedReview[]>([
      review({
        outlet: 'Vandal',
        logo: `${logos}/vandal.png`,
        rawScore: '9',
        scale: '10',
        rating: 90,
        snippet: 'El mundo abierto conectado cambia por completo la forma de jugar a Mario Kart.',
        link: 'https://vandal.elespanol.com/analisis/switch2/mario-kart-world/200001',
      }),
      review({
        outlet: '3DJuegos',
        logo: `${logos}/3djuegos.png`,
        rawScore: '8,5',
        scale: '10',
        rating: 85,
        snippet: 'Knockout Tour es la mejor novedad de la saga en años, aunque el modo libre sabe a poco.',
        link: 'https://www.3djuegos.com/juegos/mario-kart-world/analisis/analisis-mario-kart-world',
      }),
      review({
        outlet: 'MeriStation',
        logo: `${logos}/meristation.png`,
        rawScore: '9,2',
        scale: '10',
        rating: 92,
        snippet: 'Nintendo vuelve a demostrar que nadie entiende la diversión como ellos.',
        link: 'https://as.com/meristation/analisis/mario-kart-world-analisis-r/',
      }),
      review({
        outlet: 'Eurogamer',
        logo: `${logos}/eurogamer.png`,
        snippet:
          'Eurogamer no pone nota, pero lo califica de «imprescindible» para cualquier poseedor de Switch 2.',
        link: 'https://www.eurogamer.es/analisis-mario-kart-world',
      }),
    ]);
  });

  it('reads an outlet’s review page with only a visible score box, not the readers’ score nor related reviews', () => {
    expect(
      extractReviews(
        fixture('score-box-only.html'),
        'https://www.hobbyconsolas.com/reviews/analisis-kingdom-come-deliverance-2-1412345',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'HobbyConsolas',
        logo: 'https://www.hobbyconsolas.com/themes/custom/hobby/icons/apple-touch-icon-180.png',
        author: 'David Martínez',
        rawScore: '92/100',
        scale: '100',
        rating: 92,
        snippet:
          'Warhorse Studios firma una secuela enorme, exigente y con una Bohemia medieval más viva que nunca. Te contamos por qué es uno de los RPG del año.',
        link: 'https://www.hobbyconsolas.com/reviews/analisis-kingdom-come-deliverance-2-1412345',
        platform: 'PS5',
        publishedAt: '2025-02-03T16:00:00.000Z',
      },
    ]);
  });

  it('reads a letter grade', () => {
    expect(
      extractReviews(
        fixture('letter-grade.html'),
        'https://www.avclub.com/assassins-creed-shadows-review-ubisoft-ps5',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'The A.V. Club',
        logo: 'https://www.avclub.com/static/favicon.svg',
        author: 'William Hughes',
        rawScore: 'B+',
        scale: 'A-F',
        rating: 87,
        snippet:
          'Ubisoft’s long-awaited trip to Japan is the best-looking Assassin’s Creed yet, and also the most bloated.',
        link: 'https://www.avclub.com/assassins-creed-shadows-review-ubisoft-ps5',
        platform: 'PlayStation 5',
        publishedAt: '2025-03-17T17:00:00.000Z',
      },
    ]);
  });

  it('reads a percentage from a "Puntuación: 87%" line on a page with no metadata at all', () => {
    expect(
      extractReviews(
        fixture('percentage-score.html'),
        'https://www.laps4.com/analisis/south-of-midnight-xbox-series?utm_source=twitter#comentarios',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: 'LaPS4',
        logo: 'https://www.laps4.com/favicon.ico',
        author: 'Marta Ruiz',
        rawScore: '87%',
        scale: '%',
        rating: 87,
        snippet:
          'Compulsion Games firma con South of Midnight una aventura de acción con una dirección artística única, inspirada en el folclore del sur de Estados Unidos.',
        link: 'https://www.laps4.com/analisis/south-of-midnight-xbox-series',
        platform: 'Xbox Series X|S, PC',
        publishedAt: '2025-04-08T00:00:00.000Z',
      },
    ]);
  });

  it('finds nothing in a client-side shell, and asks for a browser for it only', () => {
    const shell = fixture('critic-reviews-shell.html');
    expect(extractReviews(shell, 'https://www.metacritic.com/game/x/critic-reviews/')).toEqual([]);
    expect(reviewsNeedBrowser(shell)).toBe(true);
    for (const name of [
      'json-ld-review-comma.html',
      'json-ld-review-no-best.html',
      'microdata-review.html',
      'metacritic-critic-reviews.html',
      'press-roundup-cards.html',
      'score-box-only.html',
      'letter-grade.html',
      'percentage-score.html',
    ]) {
      expect([name, reviewsNeedBrowser(fixture(name))]).toEqual([name, false]);
    }
  });
});

describe('extractReviews on small pages', () => {
  const page = (head: string, body: string) =>
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

  it('reads several reviews of a Product in an @graph, skipping UserReviews, with organisations as outlets', () => {
    const html = page(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Product',
            name: 'Hades II',
            review: [
              {
                '@type': 'Review',
                author: { '@type': 'Organization', name: 'Eurogamer', logo: 'https://eg.com/l.png' },
                reviewRating: { '@type': 'Rating', ratingValue: 9, bestRating: 10 },
                url: 'https://eg.com/hades-2',
                description: 'Otra obra maestra.',
              },
              { '@type': 'UserReview', author: 'jugador', reviewRating: { ratingValue: 1 } },
              {
                '@type': 'CriticReview',
                author: ['Ana', 'Luis'],
                publisher: 'Revista',
                reviewRating: { ratingValue: '4.5' },
                url: '/hades-2-revista',
              },
            ],
          },
        ],
      }),
      '',
    );
    expect(extractReviews(html, 'https://tienda.example.com/hades-2')).toEqual<ExtractedReview[]>([
      review({
        outlet: 'Eurogamer',
        logo: 'https://eg.com/l.png',
        rawScore: '9',
        scale: '10',
        rating: 90,
        snippet: 'Otra obra maestra.',
        link: 'https://eg.com/hades-2',
      }),
      review({
        outlet: 'Revista',
        author: 'Ana, Luis',
        rawScore: '4.5',
        scale: '5',
        rating: 90,
        link: 'https://tienda.example.com/hades-2-revista',
      }),
    ]);
  });

  it("reads a review's numeric date on an en-US page month first ('Posted 4/6/2016': 6 April 2016)", () => {
    const html = `<!doctype html><html lang="en-US"><head></head><body>
      <div itemscope itemtype="https://schema.org/Review">
        <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Taylor</span></span>
        <span itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">IGN</span></span>
        <span itemprop="datePublished">Posted 4/6/2016</span>
        <div itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating">
          <span itemprop="ratingValue">8</span>/<span itemprop="bestRating">10</span>
        </div>
      </div></body></html>`;
    const [read] = extractReviews(html, 'https://www.ign.com/articles/overwatch-review');
    expect(read.publishedAt?.slice(0, 10)).toBe('2016-04-06');
  });

  it('reads a review declared in JSON-LD and in microdata once', () => {
    const html = page(
      `<meta property="og:site_name" content="Vandal">${jsonLd({
        '@type': 'Review',
        reviewRating: { ratingValue: '8', bestRating: '10' },
        author: { '@type': 'Person', name: 'Ana' },
      })}`,
      `<div itemscope itemtype="http://schema.org/Review"><span itemprop="author">Ana</span>
       <span itemprop="reviewRating">8/10</span><meta itemprop="datePublished" content="2025-01-01"></div>`,
    );
    expect(extractReviews(html, 'https://vandal.net/a')).toEqual<ExtractedReview[]>([
      review({
        outlet: 'Vandal',
        logo: 'https://vandal.net/favicon.ico',
        author: 'Ana',
        rawScore: '8',
        scale: '10',
        rating: 80,
        link: 'https://vandal.net/a',
        publishedAt: '2025-01-01T00:00:00.000Z',
      }),
    ]);
  });

  it('reads bare scores of a card list as out of 100 when any of them exceeds 10, and ignores share links', () => {
    const card = (outlet: string, score: string, link: string) =>
      `<div class="critic"><strong class="critic-outlet">${outlet}</strong><b class="critic-score">${score}</b>
       <a href="https://twitter.com/intent/tweet?url=${link}">Tweet</a><a href="${link}">Full review</a></div>`;
    const html = page(
      '',
      `<section>${card('A', '9', 'https://a.com/r')}${card('B', '85', 'https://b.com/r')}${card('C', 'TBD', 'https://c.com/r')}</section>`,
    );
    expect(extractReviews(html, 'https://aggregator.com/game/x')).toEqual<ExtractedReview[]>([
      review({ outlet: 'A', rawScore: '9', scale: '100', rating: 9, link: 'https://a.com/r' }),
      review({ outlet: 'B', rawScore: '85', scale: '100', rating: 85, link: 'https://b.com/r' }),
      review({ outlet: 'C', link: 'https://c.com/r' }),
    ]);
  });

  it('reads the outlet from the innermost named element and its logo from the wrapper around it', () => {
    const card = (outlet: string, score: string) =>
      `<article class="press-card"><div class="publisher"><img src="/logos/${outlet}.png" alt="">
       <span class="publisher-name">${outlet}</span><span class="publisher-date">2025-05-01</span></div>
       <span class="rating">${score}</span><a href="https://${outlet}.es/analisis">Leer más</a></article>`;
    const html = page('', `<div>${card('vandal', '8')}${card('meristation', '7,5')}</div>`);
    expect(extractReviews(html, 'https://agregador.es/juego')).toEqual<ExtractedReview[]>([
      review({
        outlet: 'vandal',
        logo: 'https://agregador.es/logos/vandal.png',
        rawScore: '8',
        scale: '10',
        rating: 80,
        link: 'https://vandal.es/analisis',
        publishedAt: '2025-05-01T00:00:00.000Z',
      }),
      review({
        outlet: 'meristation',
        logo: 'https://agregador.es/logos/meristation.png',
        rawScore: '7,5',
        scale: '10',
        rating: 75,
        link: 'https://meristation.es/analisis',
        publishedAt: '2025-05-01T00:00:00.000Z',
      }),
    ]);
  });

  it('does not take a column of several cards for one card', () => {
    const card = (outlet: string, score: string) =>
      `<li class="item"><span class="source">${outlet}</span><span class="score">${score}</span><a href="https://${outlet}.com/r">Leer más</a></li>`;
    const html = page(
      '',
      `<div class="cols"><ul class="col">${card('uno', '7')}${card('dos', '8')}</ul><ul class="col">${card('tres', '9')}${card('cuatro', '6')}</ul></div>`,
    );
    expect(
      extractReviews(html, 'https://agregador.es/').map((found) => [found.outlet, found.rating]),
    ).toEqual([
      ['uno', 70],
      ['dos', 80],
      ['tres', 90],
      ['cuatro', 60],
    ]);
  });

  it('reads "Nota: 8,5" in the text of a review page without a score box, and the byline', () => {
    const html = page(
      '<title>Análisis de Avowed | Eurogamer.es</title>',
      `<article><h1>Análisis de Avowed</h1><p class="byline">Por Pedro Gil · 17 de febrero de 2025</p>
       <p>Obsidian vuelve a la fantasía con un juego de acción en primera persona muy sólido.</p>
       <p>Veredicto final del análisis. Nota: 8,5 sobre 10 para esta aventura.</p></article>`,
    );
    expect(extractReviews(html, 'https://www.eurogamer.es/analisis-avowed')).toEqual<ExtractedReview[]>([
      review({
        outlet: 'Eurogamer',
        logo: 'https://www.eurogamer.es/favicon.ico',
        author: 'Pedro Gil',
        rawScore: '8,5 sobre 10',
        scale: '10',
        rating: 85,
        snippet: 'Obsidian vuelve a la fantasía con un juego de acción en primera persona muy sólido.',
        link: 'https://www.eurogamer.es/analisis-avowed',
        publishedAt: '2025-02-17T00:00:00.000Z',
      }),
    ]);
  });

  it('lists an unscored review when the page calls itself one, and nothing for other pages', () => {
    const review = page(
      '<meta property="og:title" content="Análisis de Split Fiction"><meta property="og:site_name" content="Eurogamer">',
      '<article><p>Eurogamer ya no pone notas a sus análisis, pero este juego es una maravilla cooperativa.</p></article>',
    );
    expect(extractReviews(review, 'https://www.eurogamer.es/a')).toEqual([
      expect.objectContaining({ outlet: 'Eurogamer', rawScore: null, rating: null, scale: null }),
    ]);
    const news = page(
      '<meta property="og:title" content="Nintendo anuncia un Direct">',
      '<article><p>Nintendo ha anunciado un nuevo Direct para mañana por la tarde, centrado en Switch 2.</p></article>',
    );
    expect(extractReviews(news, 'https://www.eurogamer.es/n')).toEqual([]);
  });
});

describe('deduplicateReviews', () => {
  it('keeps the first of the same outlet and link, filling its gaps from the later one', () => {
    const first = review({
      outlet: 'IGN',
      link: 'https://ign.com/r',
      rawScore: '9',
      scale: '10',
      rating: 90,
    });
    const second = review({ outlet: 'ign', link: 'https://ign.com/r/#top', author: 'Ana', rating: 10 });
    const other = review({ outlet: 'IGN', link: 'https://ign.com/other' });
    expect(deduplicateReviews([first, second, other])).toEqual([{ ...first, author: 'Ana' }, other]);
  });
});

describe('review pages of issue 16', () => {
  it('reads the current Metacritic cards by their data-testid: printed outlet, score, quote, date, platform, link', () => {
    const reviews = extractReviews(
      fixture('metacritic-testid-cards.html'),
      'https://www.metacritic.com/game/hades-ii/critic-reviews/',
    );
    expect(reviews).toEqual<ExtractedReview[]>([
      review({
        // The name printed on the card, not the host of its link (venturebeat.com).
        outlet: 'GamesBeat',
        author: 'Rachel Kaser',
        rawScore: '100',
        scale: '100',
        rating: 100,
        snippet:
          'Hades II is the rare sequel that improves on a masterpiece in every single way, from its combat to its astonishing soundtrack.',
        link: 'https://venturebeat.com/games/hades-ii-review/',
        platform: 'PC',
        publishedAt: '2025-09-25T00:00:00.000Z',
      }),
      review({
        outlet: 'Vandal',
        author: 'Ramón Varela',
        rawScore: '95',
        scale: '100',
        rating: 95,
        snippet: 'Supergiant vuelve a demostrar que nadie entiende el roguelike como ellos. Imprescindible.',
        link: 'https://vandal.elespanol.com/analisis/switch2/hades-ii/200123',
        platform: 'Nintendo Switch 2',
        publishedAt: '2025-09-26T00:00:00.000Z',
      }),
      review({
        outlet: 'Worth Playing',
        // On a page of scores out of 100, an 8 is 8/100, not 8/10.
        rawScore: '8',
        scale: '100',
        rating: 8,
        snippet: 'A technical mess on this platform: crashes every hour made the run impossible to finish.',
        link: 'https://worthplaying.com/article/2025/10/2/reviews/hades-ii-switch/',
        platform: 'Nintendo Switch',
        publishedAt: '2025-10-02T00:00:00.000Z',
      }),
      review({
        outlet: 'Push Square',
        snippet: 'Review in progress: our verdict follows once we have seen both endings.',
        link: 'https://www.pushsquare.com/reviews/hades-ii',
        platform: 'PC',
        publishedAt: '2025-09-24T00:00:00.000Z',
      }),
    ]);
  });

  it('gives a single JSON-LD review the link to the review itself, not to the game, and 4/5 counts 80 with worstRating 1', () => {
    expect(
      extractReviews(
        fixture('json-ld-review-game-url.html'),
        'https://www.3djuegos.com/juegos/donkey-kong-bananza/analisis/analisis-donkey-kong-bananza?utm_source=rss',
      ),
    ).toEqual<ExtractedReview[]>([
      {
        outlet: '3DJuegos',
        logo: 'https://www.3djuegos.com/logo-600x60.png',
        author: 'Alberto Pastor',
        rawScore: '4',
        scale: '5',
        rating: 80,
        snippet:
          'Nintendo firma un plataformas en el que todo se puede romper y que no se parece a nada que hayamos jugado antes.',
        link: 'https://www.3djuegos.com/juegos/donkey-kong-bananza/analisis/analisis-donkey-kong-bananza',
        platform: 'Nintendo Switch 2',
        publishedAt: '2025-07-16T13:00:00.000Z',
      },
    ]);
  });

  it('gives a single microdata review the link to the page it is read from', () => {
    const [only] = extractReviews(
      fixture('microdata-review.html'),
      'https://areajugones.sport.es/videojuegos/analisis-de-monster-hunter-wilds-para-pc/?utm_medium=social',
    );
    expect(only.link).toBe(
      'https://areajugones.sport.es/videojuegos/analisis-de-monster-hunter-wilds-para-pc/',
    );
  });

  it('yields no review from a ranking page, its numbers and its own entries being positions in a list', () => {
    const ranking = fixture('ranking-list.html');
    expect(
      extractReviews(ranking, 'https://vandal.elespanol.com/reportaje/los-10-mejores-juegos-de-2025'),
    ).toEqual([]);
    // Served from another host (a mirror, a test server) its entries link out, and still are no reviews.
    expect(extractReviews(ranking, 'http://127.0.0.1:4567/reportaje/los-10-mejores-juegos-de-2025')).toEqual(
      [],
    );
  });

  it('refuses a score not on the page’s scale instead of averaging it', () => {
    const html = `<!doctype html><html><head><meta property="og:site_name" content="Revista">
      <script type="application/ld+json">${JSON.stringify({
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ana' },
        reviewRating: { ratingValue: '85', bestRating: '10' },
        url: 'https://revista.example/analisis',
      })}</script></head><body></body></html>`;
    const [only] = extractReviews(html, 'https://revista.example/analisis');
    expect(only).toMatchObject({ outlet: 'Revista', rawScore: '85', scale: '10', rating: null });
  });
});
