import { routePreloads, type ViteManifest } from './route-preloads.js';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_jsx-runtime-b.js'], css: ['assets/index-c.css'] },
  '_jsx-runtime-b.js': { file: 'assets/jsx-runtime-b.js' },
  '_card-d.js': { file: 'assets/card-d.js', imports: ['_jsx-runtime-b.js', 'index.html'] },
  // Found by chunk name, wherever the page's file lives.
  'src/features/portada/home-page.tsx': {
    file: 'assets/home-page-e.js',
    name: 'home-page',
    isDynamicEntry: true,
    imports: ['index.html', '_jsx-runtime-b.js', '_card-d.js'],
    css: ['assets/games-f.css'],
  },
  'src/pages/game-detail-page.tsx': {
    file: 'assets/game-detail-page-g.js',
    name: 'game-detail-page',
    isDynamicEntry: true,
    imports: ['_card-d.js'],
    css: ['assets/games-f.css'],
  },
};

describe('routePreloads', () => {
  it('preloads the home data and its route chunk, not the entry or its inlined stylesheet', () => {
    const preloads = routePreloads('/', {}, manifest);
    expect(preloads.fetches).toEqual([
      '/api/games/bestGame',
      '/api/games/best',
      '/api/games/last',
      '/api/games/upcoming',
      '/api/news/all',
    ]);
    expect(preloads.modules).toEqual(['/assets/home-page-e.js', '/assets/card-d.js']);
    expect(preloads.styles).toEqual(['/assets/games-f.css']);
  });

  it('preloads the catalogue page the front end asks for (zero-based page, default sort)', () => {
    expect(routePreloads('/games/all', {}, manifest).fetches).toEqual([
      '/api/games/all?page=0&size=50&sortBy=releaseDate',
    ]);
    expect(routePreloads('/games/ps5', { page: '3', sortBy: 'avRatings' }, manifest).fetches).toEqual([
      '/api/games/all?page=2&size=50&platform=ps5&sortBy=avRatings',
    ]);
  });

  it('preloads a game page’s detail, player average and media reviews', () => {
    const preloads = routePreloads('/game/elden-ring/119133', {}, manifest);
    expect(preloads.fetches).toEqual([
      '/api/games/119133',
      '/api/games/avRating/119133',
      '/api/games/reviews/pro/119133',
    ]);
    expect(preloads.modules).toEqual(['/assets/game-detail-page-g.js', '/assets/card-d.js']);
  });

  it('preloads nothing for other pages or without a manifest', () => {
    expect(routePreloads('/login', {}, manifest)).toEqual({ fetches: [], modules: [], styles: [] });
    expect(routePreloads('/game/x/119133', {}, {}).modules).toEqual([]);
  });
});
