import type { UserReviewSort } from '@veredicto/contract';

const q = encodeURIComponent;

/** Every API URL the front end calls. */
export const apiPaths = {
  games: {
    search: (name: string, page = 0, spanish?: string) =>
      `/api/games/search?name=${q(name)}${page > 0 ? `&page=${page}` : ''}${spanish ? `&spanish=${spanish}` : ''}`,
    suggest: (text: string) => `/api/games/suggest?q=${q(text)}`,
    catalogue: (params: {
      page: number;
      size: number;
      platform?: string;
      sortBy?: string;
      spanish?: string;
      genre?: string;
      year?: number;
      scored?: boolean;
      length?: string;
      mature?: boolean;
      addons?: boolean;
    }) => {
      const search = new URLSearchParams({ page: String(params.page), size: String(params.size) });
      if (params.platform) search.set('platform', params.platform);
      if (params.spanish) search.set('spanish', params.spanish);
      if (params.genre) search.set('genre', params.genre);
      if (params.year) search.set('year', String(params.year));
      if (params.scored) search.set('scored', 'true');
      if (params.length) search.set('length', params.length);
      if (params.mature) search.set('mature', 'true');
      if (params.addons) search.set('addons', 'true');
      if (params.sortBy) search.set('sortBy', params.sortBy);
      return `/api/games/all?${search.toString()}`;
    },
    best: () => '/api/games/best',
    latest: () => '/api/games/last',
    upcoming: () => '/api/games/upcoming',
    featured: () => '/api/games/bestGame',
    detail: (igdbID: number | string) => `/api/games/${q(String(igdbID))}`,
    playerTimeline: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/player-timeline`,
    bestOf: (params: { year?: number; platform?: string; genre?: string; page: number; size: number }) => {
      const search = new URLSearchParams({ page: String(params.page), size: String(params.size) });
      if (params.year !== undefined) search.set('year', String(params.year));
      if (params.platform) search.set('platform', params.platform);
      if (params.genre) search.set('genre', params.genre);
      return `/api/games/best-of?${search.toString()}`;
    },
    bestOfLists: () => '/api/games/best-of/lists',
    bestOfRanks: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/best-of-ranks`,
    similar: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/similar`,
    prices: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/prices`,
    priceHistory: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/prices/history`,
    playerAverage: (igdbID: number | string) => `/api/games/avRating/${q(String(igdbID))}`,
    mediaReviews: (igdbID: number | string) => `/api/games/reviews/pro/${q(String(igdbID))}`,
    userReviews: (igdbID: number | string, sort: UserReviewSort = 'helpful') =>
      `/api/games/reviews/users/${q(String(igdbID))}?sort=${sort}`,
    gameScraper: () => '/api/games/scraper/game',
    catalogueScraper: () => '/api/games/scraper',
    languageReports: (igdbID: number | string) => `/api/games/${q(String(igdbID))}/languages/reports`,
    setFeatured: (igdbID: number | string) => `/api/games/best/${q(String(igdbID))}`,
  },
  auth: {
    login: () => '/api/auth/login',
    register: () => '/api/auth/register',
    resendConfirmation: () => '/api/auth/resend-confirmation',
    confirm: (token: string) => `/api/auth/confirm?token=${q(token)}`,
    checkPassword: () => '/api/auth/check-password',
    forgotPassword: () => '/api/auth/forgot-password',
    resetPassword: () => '/api/auth/reset-password',
    confirmEmail: (token: string) => `/api/auth/confirm-email?token=${q(token)}`,
    logout: () => '/api/auth/logout',
    loginLink: () => '/api/auth/login-link',
    useLoginLink: () => '/api/auth/login-link/use',
  },
  user: {
    me: () => '/api/user/me',
    updateProfile: () => '/api/user/update-profile',
    password: () => '/api/user/password',
    deleteAccount: () => '/api/user/delete-account',
    reviews: () => '/api/user/reviews',
    review: (id: number) => `/api/user/reviews/${id}`,
    reviewCount: () => '/api/user/reviews/count',
    ownReview: (igdbID: number | string) => `/api/user/reviews/game/${q(String(igdbID))}`,
    rating: () => '/api/user/rating',
    ownRating: (igdbID: number | string) => `/api/user/rating/${q(String(igdbID))}`,
    lists: () => '/api/user/gamelist',
    list: (listId: number) => `/api/user/gamelist/${listId}`,
    listGames: (listName: string) => `/api/user/${q(listName)}/games`,
    listGame: (listId: number, igdbID: number) => `/api/user/gamelist/${listId}/game/${igdbID}`,
    addGameToList: () => '/api/user/gamelist/addGame',
    listsHolding: (igdbID: number | string) => `/api/user/gamelist/contains/${q(String(igdbID))}`,
    gameStatus: (igdbID: number | string) => `/api/user/games/${q(String(igdbID))}/status`,
    gameSessions: (igdbID: number | string) => `/api/user/games/${q(String(igdbID))}/sessions`,
    gameEstimate: (igdbID: number | string) => `/api/user/games/${q(String(igdbID))}/estimate`,
    gameSession: (igdbID: number | string, sessionId: number) =>
      `/api/user/games/${q(String(igdbID))}/sessions/${sessionId}`,
    myGames: (platform?: string) => `/api/user/games${platform ? `?platform=${q(platform)}` : ''}`,
    privacy: () => '/api/user/privacy',
    followRequests: () => '/api/user/follow-requests',
    followRequest: (username: string) => `/api/user/follow-requests/${q(username)}`,
    followers: () => '/api/user/followers',
    follower: (username: string) => `/api/user/followers/${q(username)}`,
    export: () => '/api/user/export',
    import: () => '/api/user/import',
    importRun: (importId: number) => `/api/user/import/${importId}`,
    confirmImport: (importId: number) => `/api/user/import/${importId}/confirm`,
    feed: (cursor?: string | null) => `/api/user/feed${cursor ? `?cursor=${q(cursor)}` : ''}`,
    circle: (igdbID: number | string) => `/api/user/circle/${q(String(igdbID))}`,
    notifications: (page = 0) => `/api/user/notifications${page ? `?page=${page}` : ''}`,
    notificationsRead: () => '/api/user/notifications/read',
    alerts: () => '/api/user/alerts',
    gamePriceAlert: (igdbID: number) => `/api/user/alerts/games/${igdbID}`,
    calendarToken: () => '/api/user/alerts/calendar-token',
  },
  users: {
    profile: (username: string) => `/api/users/${q(username)}`,
    follow: (username: string) => `/api/users/${q(username)}/follow`,
    year: (username: string, year: number | string) => `/api/users/${q(username)}/year/${q(String(year))}`,
  },
  reviews: {
    vote: (reviewId: number) => `/api/reviews/${reviewId}/vote`,
    report: (reviewId: number) => `/api/reviews/${reviewId}/report`,
  },
  news: {
    all: () => '/api/news/all',
    article: (newID: number | string) => `/api/news/${q(String(newID))}`,
    scraper: () => '/api/news/scraper',
  },
  outlets: {
    list: (params: { q?: string; country?: string; language?: string; page: number; size: number }) => {
      const search = new URLSearchParams({ page: String(params.page), size: String(params.size) });
      if (params.q) search.set('q', params.q);
      if (params.country) search.set('country', params.country);
      if (params.language) search.set('language', params.language);
      return `/api/outlets?${search.toString()}`;
    },
    detail: (slug: string) => `/api/outlets/${q(slug)}`,
    reviews: (slug: string, page: number, size: number) =>
      `/api/outlets/${q(slug)}/reviews?page=${page}&size=${size}`,
    differences: (slug: string) => `/api/outlets/${q(slug)}/differences`,
    agreement: (slug: string) => `/api/user/outlets/${q(slug)}/agreement`,
  },
  admin: {
    job: (queue: string, jobId: string) => `/api/admin/jobs/${q(queue)}/${q(jobId)}`,
    feeds: () => '/api/admin/feeds',
    reliability: () => '/api/admin/reliability',
    reviewDiscovery: () => '/api/admin/review-discovery',
    session: () => '/api/admin/session',
    logout: () => '/api/admin/logout',
    feed: (id: number) => `/api/admin/feeds/${id}`,
    searchMisses: () => '/api/admin/search-misses',
    searchMiss: (term: string) => `/api/admin/search-misses/${q(term)}`,
    gameAliases: (igdbID: number) => `/api/admin/games/${igdbID}/aliases`,
    game: (igdbID: string) => `/api/admin/games/${q(igdbID)}`,
    reports: () => '/api/admin/reports',
    report: (id: number) => `/api/admin/reports/${id}`,
    unusualActivity: () => '/api/admin/unusual-activity',
    dismissUnusual: (id: number) => `/api/admin/unusual-activity/${id}/dismiss`,
    languageReports: () => '/api/admin/language-reports',
    languageReport: (id: number) => `/api/admin/language-reports/${id}`,
    pricesRefresh: () => '/api/admin/prices/refresh',
    pricesStatus: () => '/api/admin/prices/status',
  },
} as const;

/** Every in-app route the front end links to: the contract's, which the API's page titles follow too. */
export { routes } from '@veredicto/contract';
