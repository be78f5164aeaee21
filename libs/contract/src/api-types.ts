import type { ReportReason } from './reviews.js';
import type { BadgeTier, CriticTier } from './scores.js';
import type { PlatformName } from './platforms.js';
import type { SuggestionMark } from './suggestions.js';
import type { SteamSpanishBody } from './prices.js';
import type { ReleaseDatePrecision } from './dates.js';

/** Shapes of the API's answers, as documented in docs/API-CONTRACT.md: what the API sends and the front reads. */
export interface GameSummary {
  id: number;
  igdbID: number;
  slug: string;
  title: string;
  imageCover: string | null;
  platform: PlatformName[];
  releaseDate: string | null;
  /** How much of releaseDate is known (docs/CONTRACT.md §9); missing in older answers. */
  releaseDatePrecision?: ReleaseDatePrecision | null;
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
  /** docs/CONTRACT.md §13; missing in older answers. */
  spanish?: SpanishVerdict;
}

/** docs/CONTRACT.md §13: `no` only when complete sources cover every platform and all say false. */
export const SPANISH_ANSWERS = ['yes', 'no', 'unknown'] as const;
export type SpanishAnswer = (typeof SPANISH_ANSWERS)[number];

export interface SpanishVerdict {
  audio: SpanishAnswer;
  text: SpanishAnswer;
}

/** The `spanish` filter of the catalogue and the search (docs/CONTRACT.md §13), with its chips' texts. */
export const SPANISH_FILTER_LABELS = {
  audio: 'Con voces en castellano',
  text: 'Con textos en castellano',
} as const;
export type SpanishFilter = keyof typeof SPANISH_FILTER_LABELS;
export const SPANISH_FILTERS = Object.keys(SPANISH_FILTER_LABELS) as SpanishFilter[];

/** The Spanish a game may have (docs/CONTRACT.md §13), with what each reads as on screen. */
export const LANGUAGE_LOCALE_LABELS = { 'es-ES': 'Castellano', 'es-419': 'Español latino' } as const;
export type LanguageLocale = keyof typeof LANGUAGE_LOCALE_LABELS;
export const LANGUAGE_LOCALES = Object.keys(LANGUAGE_LOCALE_LABELS) as LanguageLocale[];

export const LANGUAGE_SOURCES = ['steam', 'igdb', 'review', 'user', 'admin'] as const;
export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];

/** One statement of a source on a game's Spanish (docs/CONTRACT.md §13); null is unknown. */
export interface LanguageEntry {
  /** A platform id (platforms.ts), or null for every platform. */
  platform: string | null;
  locale: LanguageLocale;
  /** Interface and/or subtitles. */
  text: boolean | null;
  /** Full voices. */
  audio: boolean | null;
  interface: boolean | null;
  subtitles: boolean | null;
  source: LanguageSource;
  /** When the source said it: YYYY-MM-DD, or YYYY-MM when only the month is known. */
  asOf: string;
}

/**
 * What a player saw of a game's Spanish on one platform (POST /api/games/{igdbID}/languages/reports): each
 * field true, false or left out (not known); at least one of them given.
 */
export interface LanguageClaim {
  /** A platform id (platforms.ts). */
  platform: string;
  locale: LanguageLocale;
  text?: boolean;
  audio?: boolean;
  interface?: boolean;
  subtitles?: boolean;
  note?: string;
}

/** Its answer: the report waits for the operator. */
export interface FiledLanguageReport {
  id: number;
  status: 'pending';
}

/** A suggestion of the search box (GET /api/games/suggest). */
export interface GameSuggestion {
  igdbID: number;
  slug: string;
  title: string;
  imageCover: string | null;
  releaseDate: string | null;
  platform: string[];
  /**
   * What tells it from suggestions of the same name: 'dlc' an add-on, 'edition' a later release (edition,
   * remaster, port) of a title already suggested; null otherwise. Absent in answers of an older API.
   */
  mark?: SuggestionMark | null;
}

/** A search that found nothing, as the admin lists it (no personal data). */
export interface SearchMiss {
  term: string;
  count: number;
  firstSearchedAt: string;
  lastSearchedAt: string;
}

/** Another name people search a game by (GET/POST /api/admin/games/{igdbID}/aliases). */
export interface SearchAlias {
  id: number;
  /** Where it comes from: IGDB's alternative names, the Spanish title, the operator's. */
  kind: string;
  alias: string;
}

/** The body of POST /api/admin/games/{igdbID}/aliases: `missTerm` leaves the zero-result list. */
export interface SearchAliasBody {
  alias: string;
  missTerm?: string;
}

export interface Video {
  id: number;
  title: string;
  videoID: string;
}

/** docs/CONTRACT.md §8: figures recomputed by the workers; averages null below their minimums. */
export interface CriticStats {
  count: number;
  average: number | null;
  median: number | null;
  /** 10 counts: 0-9, 10-19, ..., 90-100. */
  histogram: number[];
  percentRecommended: number | null;
  tier: CriticTier | null;
}

export interface SpanishPressStats {
  count: number;
  average: number | null;
}

/** A window of unusual rating activity still flagged (docs/CONTRACT.md §14); days are yyyy-MM-dd. */
export interface UnusualRatingWindow {
  from: string;
  to: string;
  /** Ratings given in the window, and those of them left out of the average. */
  count: number;
  excluded: number;
}

export interface PlayerStats {
  count: number;
  /** The shown average: ratings excluded by a flagged window are left out. */
  average: number | null;
  histogram: number[];
  /** Absent only in answers of an older API. */
  unusual?: UnusualRatingWindow[];
  /** The mean of every rating, excluded ones too (the page's toggle). */
  averageWithUnusual?: number | null;
}

/** A window of unusual rating activity as the admin screen lists it (GET /api/admin/unusual-activity). */
export interface AdminUnusualWindow {
  id: number;
  igdbID: number;
  slug: string;
  gameTitle: string;
  from: string;
  to: string;
  count: number;
  excluded: number;
  status: 'flagged' | 'dismissed';
  evidence: import('./unusual-activity.js').UnusualEvidence;
  detectedAt: string;
  dismissedAt: string | null;
}

/** POST /api/admin/unusual-activity/{id}/dismiss: the window's ratings count again in this average. */
export interface DismissedUnusualWindow {
  status: 'dismissed';
  avUserRatings: number | null;
}

/** One week of a game's player timeline (`week` is its Monday, yyyy-MM-dd). */
export interface PlayerTimelineWeek {
  week: string;
  count: number;
  average: number | null;
  excluded: number;
}

export interface GameDetail extends GameSummary {
  /** Absent only in answers of an older API. */
  criticStats?: CriticStats;
  spanishPress?: SpanishPressStats;
  playerStats?: PlayerStats;
  imageArt: string | null;
  /** The official Spanish title, when it differs. */
  titleEs?: string | null;
  /** Spanish when a Spanish text exists; otherwise English and summaryLanguage 'en'. */
  summary: string | null;
  summaryLanguage?: 'es' | 'en' | null;
  /** Genres in Spanish. */
  genres: string[];
  developers: string[];
  publishers: string[];
  screenshots: string[];
  bigScreenshots: string[];
  videos: Video[];
  /** Absent only in answers of an older API. */
  languages?: LanguageEntry[];
  /** How long it takes; null when neither IGDB nor enough of our players have a figure. */
  timeToBeat?: TimeToBeat | null;
  /** Steam's reviews in Spanish (`spanish` and `latam`); null when none or the game is not on Steam. */
  steamSpanish?: SteamSpanishBody | null;
}

/** GET /api/games/best-of/lists: the years (newest first) and platforms whose lists have enough games. */
export interface BestOfLists {
  years: { year: number; games: number; platforms: { id: string; games: number }[] }[];
}

/** A game's place in a best-of list of its year (GET /api/games/{igdbID}/best-of-ranks), best first. */
export interface BestOfRank {
  year: number;
  /** A platform id; null: the list of every platform. */
  platform: string | null;
  /** 1 is the best. */
  rank: number;
}

/** One of a game's similar games (GET /api/games/{igdbID}/similar), as the worker job stored them. */
export interface SimilarGame extends GameSummary {
  /** 'Misma saga', 'Mismo estudio (…)', 'Géneros: …'. */
  reason: string;
  /** 'dlc': an add-on; 'edition': a later release of a title already in the list. */
  mark: SuggestionMark | null;
}

/**
 * The headers of a search's answer (GET /api/games/search): the count of every match, and, when nothing
 * matched, the closest well-known title ('¿Quizás buscabas…?', URI-encoded). The body is the page's games.
 */
export const SEARCH_HEADERS = { total: 'X-Total-Count', didYouMean: 'X-Did-You-Mean' } as const;

/** One page of a search as its answer carries it: the body's games and its headers, read. */
export interface SearchPage {
  games: GameSummary[];
  total: number;
  didYouMean: string | null;
}

export interface MediaReview {
  id: number;
  medium: string;
  logo: string | null;
  autor: string | null;
  rating: number | null;
  rawScore: string | null;
  review: string | null;
  link: string | null;
  platform: string | null;
  date: string | null;
  /** ISO 3166-1 alpha-2 and ISO 639-1 of the outlet, from the registry; null when unknown. */
  outletCountry?: string | null;
  outletLanguage?: string | null;
  /** The outlet's page (/medios/{slug}); null outside the registry, absent in answers of an older API. */
  outletSlug?: string | null;
}

export interface FeaturedGame extends GameDetail {
  reviews: MediaReview[];
}

/** The body of POST /api/user/rating: a player's score (0-100) for a game (its igdbID). */
export interface RatingBody {
  gameId: number;
  score: number;
}

/** A game's player average after a rating is given or withdrawn. */
export interface PlayerAverage {
  avUserRatings: number | null;
  userRatingCount: number;
}

/** A player's own score for a game (GET /api/user/rating/{igdbID}; 204 without one). */
export interface OwnRating {
  score: number;
}

export interface UserReview {
  /** Only in the author's own list (GET /api/user/reviews): hidden by moderation, when and why. */
  hidden?: { at: string; reason: string | null } | null;
  id: number;
  autor: string;
  rating: number | string | null;
  review: string;
  /** Marked by its author: the text shows only after a tap. */
  spoiler: boolean;
  helpful: number;
  notHelpful: number;
  titleGame: string;
  imageCover: string | null;
  gameIgdbID: number;
  slug: string;
  badge: BadgeTier | null;
  authorReviewCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface News {
  newID: number;
  slug: string;
  title: string;
  image: string | null;
  logo: string | null;
  publicationDate: string | null;
  description: string;
  description2: string;
  description3: string;
  link: string;
  medium: string;
}

export interface GameList {
  id: number;
  name: string;
  reserved: boolean;
  gameIds: number[];
}

export interface ListGame {
  id: number;
  title: string;
  igdbID: number;
  imageCover: string | null;
  slug: string;
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  page: number;
  size: number;
}

/** A session's token: the login, the e-mailed link's exchange, the admin password's. */
export interface SessionToken {
  token: string;
}

/** An answer that is only a Spanish sentence for the reader (registration, the links mailed…). */
export interface ServerMessage {
  message: string;
}

export interface CurrentUser {
  username: string;
  email: string;
}

/** The body of PUT /api/user/update-profile. */
export interface ProfileChange {
  newUsername: string;
  newEmail: string;
}

/**
 * Its answer: the account with a new token (the older ones stop working); `pendingEmail` and `message` when
 * the new address waits for the link mailed to it.
 */
export interface UpdatedProfile extends CurrentUser {
  token: string;
  pendingEmail?: string;
  message?: string;
}

export interface EnqueuedJob {
  jobId: string;
  queue: string;
}

export interface JobStatus {
  id: string;
  queue: string;
  name: string;
  state: string;
  progress: unknown;
  result: unknown;
  failedReason: string | null;
}

export interface NewsFeed {
  id: number;
  url: string;
  title?: string | null;
  lastFetchedAt?: string | null;
  lastImportedCount?: number;
  lastError?: string | null;
}

/** An open report of a game's Spanish in the operator's queue (docs/CONTRACT.md §13). */
export interface LanguageReport {
  id: number;
  igdbID: number;
  gameTitle: string;
  reporter: string;
  platform: string;
  locale: LanguageLocale;
  text: boolean | null;
  audio: boolean | null;
  interface: boolean | null;
  subtitles: boolean | null;
  note: string | null;
  createdAt: string;
}

/** The body of POST /api/admin/language-reports/{id}: an accepted report becomes a `user` entry. */
export interface LanguageReportDecision {
  accept: boolean;
  reason: string;
}

/** Its answer. */
export interface LanguageReportOutcome {
  accepted: boolean;
}

/** An open report of a user review in the moderators' queue (docs/CONTRACT.md §14). */
export interface ReviewReport {
  id: number;
  reviewId: number;
  igdbID: number;
  reason: ReportReason;
  note: string | null;
  createdAt: string;
  gameTitle: string;
  author: string;
  content: string;
}

/** One platform's figure from our players who completed the game (hours; median and quartiles). */
export interface PlatformTimeToBeat {
  platform: string;
  median: number;
  p25: number;
  p75: number;
  count: number;
}

/**
 * How long a game takes (docs/CONTRACT.md §19), in hours with one decimal: IGDB's figures when it has them
 * (main story, main + extras, completionist), otherwise our players' median as the main story; the
 * players' figures per platform from 5 players each.
 */
export interface TimeToBeat {
  main: number | null;
  mainExtra: number | null;
  completionist: number | null;
  source: 'igdb' | 'players';
  count: number;
  platforms: PlatformTimeToBeat[];
}

/** A signed-in player's estimate for one game (docs/CONTRACT.md §19). */
export interface PlayEstimate {
  /** The hours it should take this player: the median times their pace (or the plain median). */
  hours: number | null;
  /** Their hours over the games' medians, from 3 completed games with hours; null below that. */
  pace: number | null;
  /** The completed games with hours the pace comes from. */
  basedOn: number;
  /** For a game they are playing: the estimate less the hours they logged, never below 0. */
  remaining?: number;
}
