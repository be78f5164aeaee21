import { slugify } from './slug.js';

const q = encodeURIComponent;

/**
 * Every page route of the front. The front links with these, its router declares the same paths, and the API
 * serves each with the title and description below already in the HTML.
 */
export const routes = {
  home: () => '/',
  login: () => '/login',
  loginLink: () => '/login-link',
  register: () => '/register',
  confirm: () => '/confirm',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  confirmEmail: () => '/confirm-email',
  results: (name: string) => `/results?name=${q(name)}`,
  catalogue: (platformId?: string | null) => `/games/${platformId ?? 'all'}`,
  game: (game: { slug?: string | null; title: string; igdbID: number }) =>
    `/game/${game.slug || slugify(game.title)}/${game.igdbID}`,
  newsList: () => '/news/allNews',
  newsPage: (page: number) => `/news/page/${page}`,
  newsArticle: (news: { slug?: string | null; title: string }) => `/news/${news.slug || slugify(news.title)}`,
  profile: () => '/user/profile',
  myReviews: () => '/user/reviews',
  myLists: () => '/user/lists',
  myGames: () => '/user/games',
  activity: () => '/user/activity',
  notifications: () => '/user/notificaciones',
  alertSettings: () => '/user/avisos',
  dataPortability: () => '/user/datos',
  publicProfile: (username: string) => `/u/${q(username)}`,
  yearInReview: (username: string, year: number | string) => `/u/${q(username)}/${year}`,
  admin: () => '/admin',
  scoringMethod: () => '/como-calculamos-las-notas',
  outlets: () => '/medios',
  outlet: (slug: string) => `/medios/${q(slug)}`,
  bestOfYear: (year: number | string) => `/mejores/${year}`,
  bestOfPlatform: (year: number | string, platformId: string) => `/mejores/${year}/${q(platformId)}`,
  bestOfGenre: (genre: string) => `/mejores/genero/${q(genre)}`,
  privacy: () => '/politica-de-privacidad',
  queueDashboard: () => '/admin/queues',
} as const;

/**
 * An absolute address on the site, for what is read away from it (mails, feeds, calendars, link previews):
 * the public base URL, one of the routes here, and its query, each value encoded once.
 */
export function siteUrl(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${publicUrl.replace(/\/+$/, '')}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/** Atom (`xml`) or JSON Feed 1.1 (`json`). */
export type FeedFormat = 'xml' | 'json';

/** The open feeds (section 15): each in Atom and JSON Feed, linked from its page with rel="alternate". */
export const feedRoutes = {
  news: (format: FeedFormat = 'xml') => `/feeds/noticias.${format}`,
  gameReviews: (igdbID: number, format: FeedFormat = 'xml') => `/feeds/juegos/${igdbID}.${format}`,
  outletReviews: (slug: string, format: FeedFormat = 'xml') => `/feeds/medios/${q(slug)}.${format}`,
  releases: (platformId: string, format: FeedFormat = 'xml') =>
    `/feeds/lanzamientos/${q(platformId)}.${format}`,
} as const;

/** A feed as a page offers it: in the head (rel="alternate", both formats) and as a visible link. */
export interface PageFeed {
  title: string;
  path: (format: FeedFormat) => string;
}

/** The feed each kind of page offers, the same in the server's head and on the client. */
export const pageFeeds = {
  news: (): PageFeed => ({ title: 'Noticias', path: (format) => feedRoutes.news(format) }),
  gameReviews: (game: { igdbID: number; title: string }): PageFeed => ({
    title: `Críticas de ${game.title}`,
    path: (format) => feedRoutes.gameReviews(game.igdbID, format),
  }),
  outletReviews: (outlet: { slug: string; name: string }): PageFeed => ({
    title: `Críticas de ${outlet.name}`,
    path: (format) => feedRoutes.outletReviews(outlet.slug, format),
  }),
  releases: (platform: { id: string; name: string }): PageFeed => ({
    title: `Próximos lanzamientos en ${platform.name}`,
    path: (format) => feedRoutes.releases(platform.id, format),
  }),
} as const;

/** 'Tu año' as a PNG for link previews (Open Graph), served by the API. */
export const yearImageRoute = (username: string, year: number | string) =>
  `/api/users/${q(username)}/year/${year}/image.png`;

/** A page's title (without the site name; null for the bare site name) and meta description. */
export interface PageText {
  title: string | null;
  /** Null: the site's default description. */
  description: string | null;
}

/** The description of pages that have none of their own. */
export const DEFAULT_DESCRIPTION = 'Consulta las mejores críticas y noticias de videojuegos en español.';

/** How long a meta description may be before it is cut with an ellipsis. */
export const META_DESCRIPTION_LENGTH = 160;

/** Cuts a text to a length, trimming the end and adding an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

/** The text of the document's <title>: the page's title and the site's name. */
export const documentTitle = (title: string | null, siteName: string): string =>
  title ? `${title} | ${siteName}` : siteName;

/** Title and description of every page, read by the front (client-side navigation) and the API (first load). */
export const pageTexts = {
  home: (): PageText => ({
    title: 'Críticas, puntuaciones y noticias de videojuegos',
    description:
      'La media de la crítica y de los jugadores de cada juego de PlayStation, Xbox, Nintendo Switch y PC, críticas y noticias en español.',
  }),
  /** `platform` is the display name; null or undefined for every platform. */
  catalogue: (platform?: string | null): PageText => ({
    title: platform ? `Juegos de ${platform}` : 'Juegos',
    description: platform
      ? `Críticas y puntuaciones de los juegos de ${platform}.`
      : 'Catálogo de videojuegos con la nota media de la crítica y de los jugadores.',
  }),
  /** `summary`: the Spanish synopsis; null when there is only an English one (not a Spanish page's text). */
  game: (game: { title: string; summary?: string | null }): PageText => ({
    title: `Críticas de ${game.title}`,
    description: game.summary
      ? truncate(game.summary, META_DESCRIPTION_LENGTH)
      : `Críticas de medios y jugadores de ${game.title}: notas, opiniones, vídeos e imágenes.`,
  }),
  newsList: (): PageText => ({
    title: 'Noticias de Videojuegos',
    description:
      'Toda la actualidad de los videojuegos: lanzamientos, análisis y novedades de PlayStation, Xbox, Nintendo y PC.',
  }),
  /** Spec: the first 160 characters of the article's description, or the default. */
  newsArticle: (article: { title: string; description?: string | null }): PageText => ({
    title: article.title,
    description: article.description ? article.description.slice(0, META_DESCRIPTION_LENGTH) : null,
  }),
  search: (term: string): PageText => ({
    title: term || 'Búsqueda',
    description: term ? `Resultados de la búsqueda de "${term}": críticas y puntuaciones.` : null,
  }),
  login: (): PageText => ({ title: 'Iniciar sesión', description: null }),
  loginLink: (): PageText => ({ title: 'Entrar con un enlace', description: null }),
  register: (): PageText => ({ title: 'Registro', description: null }),
  confirm: (): PageText => ({ title: 'Confirmación de cuenta', description: null }),
  forgotPassword: (): PageText => ({ title: 'Recuperar la contraseña', description: null }),
  resetPassword: (): PageText => ({ title: 'Nueva contraseña', description: null }),
  confirmEmail: (): PageText => ({ title: 'Confirmación del correo electrónico', description: null }),
  profile: (): PageText => ({ title: 'Mi cuenta', description: null }),
  myReviews: (): PageText => ({ title: 'Mis críticas', description: null }),
  myLists: (): PageText => ({ title: 'Mis listas', description: null }),
  myGames: (): PageText => ({ title: 'Mis juegos', description: null }),
  activity: (): PageText => ({ title: 'Actividad', description: null }),
  notifications: (): PageText => ({ title: 'Avisos', description: null }),
  alertSettings: (): PageText => ({ title: 'Ajustes de avisos', description: null }),
  dataPortability: (): PageText => ({ title: 'Importar y exportar tus juegos', description: null }),
  publicProfile: (username: string): PageText => ({
    title: `Perfil de ${username}`,
    description: `Los juegos de ${username} en Veredicto: a qué juega, qué ha completado, sus horas y sus puntuaciones.`,
  }),
  yearInReview: (username: string, year: number | string): PageText => ({
    title: `El ${year} de ${username}`,
    description: `El año de ${username} en videojuegos: los juegos que completó en ${year}, sus horas, sus mejor valorados y sus plataformas.`,
  }),
  admin: (): PageText => ({ title: 'Administración', description: null }),
  scoringMethod: (): PageText => ({
    title: 'Cómo calculamos las notas',
    description:
      'Media y mínimos de la crítica, prensa en español, mediana, porcentaje de recomendación, nivel y media de los jugadores: cómo se calcula cada nota.',
  }),
  outlets: (): PageText => ({
    title: 'Medios',
    description:
      'Los medios de la crítica de videojuegos: cuántas críticas publican, su nota media y si puntúan por encima o por debajo del consenso.',
  }),
  outlet: (outlet: { name: string; reviews: number }): PageText => ({
    title: `${outlet.name}: sus críticas y su desviación`,
    description: `Las ${outlet.reviews.toLocaleString('es-ES')} críticas de ${outlet.name}, su nota media, lo que se aparta del consenso y sus notas más generosas y más duras.`,
  }),
  /** `platform` and `genre` are display names ('PlayStation 5', 'Rol'). */
  bestOf: (list: { year?: number | null; platform?: string | null; genre?: string | null }): PageText => {
    const scope = list.genre
      ? `de ${list.genre.toLowerCase()}`
      : `de ${list.year}${list.platform ? ` en ${list.platform}` : ''}`;
    return {
      title: `Los mejores juegos ${scope}`,
      description: `Los juegos ${scope} mejor valorados por la crítica, ordenados por su nota media (a igual nota, el que tiene más críticas primero).`,
    };
  },
  privacy: (): PageText => ({
    title: 'Política de privacidad',
    description:
      'Qué datos guardamos de ti, para qué, durante cuánto tiempo y cómo ejercer tus derechos (RGPD).',
  }),
  notFound: (): PageText => ({ title: 'Página no encontrada', description: null }),
} as const;
