import { CATALOGUE_PAGE_SIZE } from '@veredicto/contract';

/** The part of Vite's build manifest (frontend/dist/.vite/manifest.json) used to preload a route's chunk. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface RoutePreloads {
  /** API GETs the page makes on load, started with the HTML instead of after the JavaScript. */
  fetches: string[];
  /** The route's lazy chunk and the chunks it imports. */
  modules: string[];
  styles: string[];
}

const PAGES = {
  home: 'src/features/games/pages/home-page.tsx',
  catalogue: 'src/features/games/pages/catalogue-page.tsx',
  game: 'src/features/games/pages/game-detail-page.tsx',
  newsList: 'src/features/news/pages/news-list-page.tsx',
  newsArticle: 'src/features/news/pages/news-article-page.tsx',
} as const;

const CATALOGUE_SORTS = new Set(['releaseDate', 'avRatings', 'avUserRatings']);

const first = (value: unknown): string | undefined =>
  Array.isArray(value) ? first(value[0]) : typeof value === 'string' ? value : undefined;

/** Which page chunk and API calls a path needs; mirrors frontend/src/app/router.tsx and the pages' hooks. */
function routeOf(
  path: string,
  query: Record<string, unknown>,
): { page: keyof typeof PAGES; fetches: string[] } | null {
  const segments = path.split('/').filter(Boolean);
  const [a, b, c] = segments;
  if (segments.length === 0) {
    return {
      page: 'home',
      fetches: [
        '/api/games/bestGame',
        '/api/games/best',
        '/api/games/last',
        '/api/games/upcoming',
        '/api/news/all',
      ],
    };
  }
  if (a === 'games' && segments.length === 2) {
    const sort = first(query.sortBy);
    const pageNumber = Number(first(query.page));
    const search = new URLSearchParams({
      page: String(Number.isFinite(pageNumber) && pageNumber > 0 ? Math.floor(pageNumber) - 1 : 0),
      size: String(CATALOGUE_PAGE_SIZE),
    });
    if (b !== 'all') search.set('platform', b);
    search.set('sortBy', sort && CATALOGUE_SORTS.has(sort) ? sort : 'releaseDate');
    return { page: 'catalogue', fetches: [`/api/games/all?${search.toString()}`] };
  }
  if (a === 'game' && segments.length === 3 && /^\d{1,10}$/.test(c)) {
    return {
      page: 'game',
      fetches: [`/api/games/${c}`, `/api/games/avRating/${c}`, `/api/games/reviews/pro/${c}`],
    };
  }
  if (a === 'news' && (b === 'allNews' || (b === 'page' && segments.length === 3))) {
    return { page: 'newsList', fetches: ['/api/news/all'] };
  }
  if (a === 'news' && segments.length === 2) return { page: 'newsArticle', fetches: [] };
  return null;
}

/** The preloads for one page: its data requests and its route chunk with the chunks and styles it imports. */
export function routePreloads(
  path: string,
  query: Record<string, unknown>,
  manifest: ViteManifest,
): RoutePreloads {
  const route = routeOf(path, query);
  const preloads: RoutePreloads = { fetches: route?.fetches ?? [], modules: [], styles: [] };
  if (!route) return preloads;
  const entry = manifest['index.html'];
  const alreadyLoaded = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    // The entry (and its stylesheet, inlined in index.html) is already in the page.
    if (seen.has(key) || key === 'index.html') return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!alreadyLoaded.has(chunk.file)) preloads.modules.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) {
      if (!preloads.styles.includes(`/${css}`)) preloads.styles.push(`/${css}`);
    }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(PAGES[route.page]);
  return preloads;
}
