import { readFileSync } from 'node:fs';
import {
  aggregatorSlug,
  candidatePages,
  metacriticReviewsUrl,
  opencriticId,
  opencriticReviewsUrl,
} from './review-page-urls.js';

const SITES = { metacritic: 'https://www.metacritic.com', opencritic: 'https://opencritic.com' };

describe("the aggregators' addresses from a game's title", () => {
  it('makes the slugs Metacritic and OpenCritic use', () => {
    expect(aggregatorSlug("Baldur's Gate 3")).toBe('baldurs-gate-3');
    expect(aggregatorSlug('The Legend of Zelda: Tears of the Kingdom')).toBe(
      'the-legend-of-zelda-tears-of-the-kingdom',
    );
    expect(aggregatorSlug("Marvel's Spider-Man 2")).toBe('marvels-spider-man-2');
    expect(aggregatorSlug('Ratchet & Clank: Rift Apart')).toBe('ratchet-clank-rift-apart');
    expect(aggregatorSlug('Pokémon Legends: Z-A')).toBe('pokemon-legends-z-a');
    expect(aggregatorSlug('Clair Obscur: Expedition 33')).toBe('clair-obscur-expedition-33');
    expect(aggregatorSlug('Astro Bot')).toBe('astro-bot');
  });

  it("gives the address of the saved real Metacritic page from the game's title", () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../../../test/fixtures/real/manifest.json', import.meta.url), 'utf8'),
    ) as { reviewPages: { file: string; url: string }[] };
    const saved = manifest.reviewPages.find((page) => page.file.includes('elden-ring-critic-reviews'));
    expect(metacriticReviewsUrl(SITES, 'Elden Ring')).toBe(saved?.url);
  });

  it("builds OpenCritic's address only with its numeric id, read from a known link", () => {
    expect(opencriticId(['https://www.ign.com/x', 'https://opencritic.com/game/9136/baldurs-gate-3'])).toBe(
      9136,
    );
    expect(opencriticId(['https://opencritic.com/browse/all'])).toBeNull();
    expect(opencriticReviewsUrl(SITES, 9136, "Baldur's Gate 3")).toBe(
      'https://opencritic.com/game/9136/baldurs-gate-3/reviews',
    );
  });
});

describe('candidatePages', () => {
  const input = {
    title: "Baldur's Gate 3",
    sites: SITES,
    knownLinks: [],
    igdbWebsites: [],
    outletDomains: ['vandal.elespanol.com', 'www.3djuegos.com'],
    outletArticles: [],
  };

  it("takes Metacritic's page and refuses OpenCritic's when no link gives its id", () => {
    const { candidates, refused } = candidatePages(input);
    expect(candidates).toEqual([
      { url: 'https://www.metacritic.com/game/baldurs-gate-3/critic-reviews/', origin: 'metacritic' },
    ]);
    expect(refused).toEqual([
      {
        url: 'https://opencritic.com/game/?/baldurs-gate-3/reviews',
        origin: 'opencritic',
        reason: 'OpenCritic: sus direcciones llevan un número de juego que ni el título ni IGDB dan',
      },
    ]);
  });

  it('keeps the IGDB websites on an aggregator or a registry outlet, refuses stores and official sites', () => {
    const { candidates, refused } = candidatePages({
      ...input,
      igdbWebsites: [
        'https://baldursgate3.game/',
        'https://store.steampowered.com/app/1086940',
        'https://opencritic.com/game/9136/baldurs-gate-3',
        'https://www.metacritic.com/game/pc/baldurs-gate-3',
        'https://www.3djuegos.com/juegos/baldurs-gate-3/analisis/',
      ],
      outletArticles: [
        'https://vandal.elespanol.com/analisis/pc/baldurs-gate-3/1',
        'https://www.example.com/baldurs-gate-3-review',
      ],
    });
    expect(candidates).toEqual([
      { url: 'https://www.metacritic.com/game/baldurs-gate-3/critic-reviews/', origin: 'metacritic' },
      { url: 'https://opencritic.com/game/9136/baldurs-gate-3/reviews', origin: 'opencritic' },
      { url: 'https://www.3djuegos.com/juegos/baldurs-gate-3/analisis/', origin: 'igdb' },
      { url: 'https://vandal.elespanol.com/analisis/pc/baldurs-gate-3/1', origin: 'outlet' },
    ]);
    expect(refused.map((page) => page.url)).toEqual([
      'https://baldursgate3.game/',
      'https://store.steampowered.com/app/1086940',
    ]);
    expect(refused[0].reason).toBe('IGDB: no es una página de críticas (web oficial, tienda o red social)');
  });

  it('points at the configured sites (a test serves them locally)', () => {
    const local = { metacritic: 'http://127.0.0.1:4000/', opencritic: 'http://127.0.0.1:4000' };
    expect(candidatePages({ ...input, sites: local, title: 'Elden Ring' }).candidates[0].url).toBe(
      'http://127.0.0.1:4000/game/elden-ring/critic-reviews/',
    );
  });
});
