import {
  BADGE_TIERS,
  IGDB_PLATFORMS,
  PLATFORMS,
  SCORE_BANDS,
  badgeTier,
  documentTitle,
  formatScore,
  pageTexts,
  platformFamily,
  platformName,
  routes,
  scoreClass,
  siteUrl,
  slugify,
} from './index.js';

describe('platforms', () => {
  it('has unique ids, names and IGDB ids', () => {
    const igdbIds = PLATFORMS.flatMap((platform) => platform.igdbIds);
    expect(new Set(PLATFORMS.map((platform) => platform.id)).size).toBe(PLATFORMS.length);
    expect(new Set(PLATFORMS.map((platform) => platform.name)).size).toBe(PLATFORMS.length);
    expect(new Set(igdbIds).size).toBe(igdbIds.length);
  });

  it('maps IGDB ids and URL ids to the stored names', () => {
    expect(IGDB_PLATFORMS[167]).toBe('PlayStation 5');
    expect(IGDB_PLATFORMS[508]).toBe('Nintendo Switch 2');
    expect(IGDB_PLATFORMS[1]).toBeUndefined();
    expect(platformName('xbox-series')).toBe('Xbox Series X|S');
    expect(platformName('dreamcast')).toBeUndefined();
  });

  it.each([
    ['PlayStation 4', 'playstation'],
    ['PS4', 'playstation'],
    ['Xbox Series X|S', 'xbox'],
    ['Nintendo Switch 2', 'nintendo'],
    ['PC', 'windows'],
    ['PC (Microsoft Windows)', 'windows'],
    ['Dreamcast', null],
  ])('%s belongs to the %s logo family', (name, family) => {
    expect(platformFamily(name)).toBe(family);
  });
});

describe('scores', () => {
  it.each([
    [null, 'null', 'S/P'],
    [0, 'null', 'S/P'],
    ['0', 'null', 'S/P'],
    [1, 'low', '1'],
    [SCORE_BANDS.medium - 0.6, 'low', '49'],
    [SCORE_BANDS.medium, 'medium', '50'],
    ['84,4', 'medium', '84'],
    [SCORE_BANDS.high, 'high', '85'],
    ['90/100', 'high', '90'],
    [100, 'high', '100'],
  ] as const)('%s → class %s, shown as %s', (score, expectedClass, shown) => {
    expect(scoreClass(score)).toBe(expectedClass);
    expect(formatScore(score)).toBe(shown);
  });

  it.each([
    [0, null],
    [1, 'bronze'],
    [20, 'bronze'],
    [21, 'silver'],
    [50, 'silver'],
    [51, 'gold'],
  ] as const)('%i reviews earn %s', (count, tier) => {
    expect(badgeTier(count)).toBe(tier);
  });

  it('keeps the tiers in ascending order', () => {
    expect(BADGE_TIERS.bronze).toBeLessThan(BADGE_TIERS.silver);
    expect(BADGE_TIERS.silver).toBeLessThan(BADGE_TIERS.gold);
  });
});

describe('slugs, routes and page texts', () => {
  it('slugifies as the spec says', () => {
    expect(slugify('  Pokémon Escarlata: ¡Edición Año 2!  ')).toBe('pokemon-escarlata-edicion-ano-2');
    expect(slugify('¡¿?!')).toBe('');
  });

  it('builds links with the stored slug, or one from the title', () => {
    expect(routes.game({ slug: 'hades', title: 'Hades', igdbID: 113112 })).toBe('/game/hades/113112');
    expect(routes.game({ slug: '', title: 'Elden Ring', igdbID: 119133 })).toBe('/game/elden-ring/119133');
    expect(routes.catalogue()).toBe('/games/all');
    expect(routes.results('gta 5')).toBe('/results?name=gta%205');
  });

  it('titles pages with the site name and cuts long descriptions', () => {
    expect(documentTitle(pageTexts.game({ title: 'Hades' }).title, 'Veredicto')).toBe(
      'Críticas de Hades | Veredicto',
    );
    expect(documentTitle(null, 'Veredicto')).toBe('Veredicto');
    const description = pageTexts.game({ title: 'Hades', summary: 'a'.repeat(200) }).description ?? '';
    expect(description).toHaveLength(161);
    expect(description.endsWith('…')).toBe(true);
    expect(pageTexts.catalogue('PC').title).toBe('Juegos de PC');
    expect(pageTexts.login().description).toBeNull();
  });
});

describe('siteUrl', () => {
  it('joins the public URL and a route, encoding the query once', () => {
    expect(siteUrl('https://veredicto.es/', routes.resetPassword(), { token: 'a+b/c=' })).toBe(
      'https://veredicto.es/reset-password?token=a%2Bb%2Fc%3D',
    );
    expect(siteUrl('http://127.0.0.1:3000', routes.game({ title: 'Él', igdbID: 7 }))).toBe(
      'http://127.0.0.1:3000/game/el/7',
    );
    expect(siteUrl('http://x', '/results?name=a', { page: '2' })).toBe('http://x/results?name=a&page=2');
  });
});
