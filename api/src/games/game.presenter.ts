import {
  badgeTier,
  type BadgeTier,
  type GameDetail,
  type GameSummary,
  type LanguageEntry,
  type MediaReview,
  type PlatformName,
  type SpanishVerdict,
  type UnusualRatingWindow,
  type UserReview,
} from '@veredicto/contract';
import {
  spanishGenres,
  type GameLanguageRow,
  type GameCardKey,
  type GameDetailRow,
  type ReleaseDatePrecision,
  type SpanishTextSource,
  type GameMediaFields,
  type GameScoreStats,
  type GameSummaryRow,
  type MediaReviewRow,
  type UserReviewRow,
} from '@veredicto/db';

/**
 * JSON shapes of docs/API-CONTRACT.md, with the spec's field names: each extends the contract's shape the
 * front reads, and names the same keys (SameKeys below), so a drift on either side fails the type-check.
 */
export interface GameSummaryDto extends GameSummary {
  id: number;
  igdbID: number;
  slug: string;
  title: string;
  imageCover: string | null;
  platform: PlatformName[];
  releaseDate: string | null;
  /** How much of releaseDate is known: 'year' shows '2026', 'quarter' 'T1 2026', 'month' 'marzo de 2026'. */
  releaseDatePrecision: ReleaseDatePrecision | null;
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
  /** docs/CONTRACT.md §13: castellano voices and texts, `no` only where complete sources say so. */
  spanish: SpanishVerdict;
}

/**
 * The catalogue's pages are written by the database in this shape (game.repository.ts cardFields): the
 * same keys, or this does not compile.
 */
type SameKeys<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : never;
export const CARD_KEYS_MATCH: SameKeys<keyof GameSummaryDto, GameCardKey> = true;
export const SUMMARY_KEYS_MATCH: SameKeys<keyof GameSummaryDto, keyof GameSummary> = true;

/**
 * A game page: the card plus the row's media fields, under the same names. `summary` and `genres` are
 * Spanish when a Spanish text exists; otherwise `summary` is IGDB's English text and `summaryLanguage`
 * says so, for the page to label it.
 */
export interface GameDetailDto extends GameSummaryDto, GameMediaFields, GameScoreStats {
  titleEs: string | null;
  summaryLanguage: 'es' | 'en' | null;
  /** Where the Spanish synopsis came from: 'seed' (our file) or the translation service's name. */
  summarySource: SpanishTextSource | null;
  /** What each source says of the game's Spanish, per platform (docs/CONTRACT.md §13). */
  languages: LanguageEntry[];
  playerStats: GameScoreStats['playerStats'] & PlayerUnusual;
}

/** The flagged windows of unusual rating activity and the average with their ratings (section 14). */
export interface PlayerUnusual {
  unusual: UnusualRatingWindow[];
  averageWithUnusual: number | null;
}
export const DETAIL_IMPLEMENTS_CONTRACT: GameDetailDto extends GameDetail ? true : never = true;

export type Badge = BadgeTier | null;

/** docs/CONTRACT.md §2: the contract's tiers (1-20 bronze, 21-50 silver, more than 50 gold). */
export const badgeFor = (reviewCount: number): Badge => badgeTier(reviewCount);

export const presentSummary = (row: GameSummaryRow): GameSummaryDto => ({
  id: row.id,
  igdbID: row.igdbId,
  slug: row.slug,
  title: row.title,
  imageCover: row.imageCover,
  platform: row.platforms,
  releaseDate: row.releaseDate,
  releaseDatePrecision: row.releaseDatePrecision,
  avRatings: row.avRatings,
  avUserRatings: row.avUserRatings,
  criticReviewCount: row.criticReviewCount,
  userRatingCount: row.userRatingCount,
  spanish: row.spanish,
});

export const presentDetail = (
  game: GameDetailRow,
  languages: GameLanguageRow[],
  unusual: PlayerUnusual,
): GameDetailDto => ({
  ...presentSummary(game),
  imageArt: game.imageArt,
  titleEs: game.titleEs,
  summary: game.summaryEs ?? game.summary,
  summaryLanguage: game.summaryEs ? 'es' : game.summary ? 'en' : null,
  summarySource: game.summaryEs ? game.summaryEsSource : null,
  genres: spanishGenres(game.genresEs, game.genres),
  developers: game.developers,
  publishers: game.publishers,
  screenshots: game.screenshots,
  bigScreenshots: game.bigScreenshots,
  videos: game.videos,
  criticStats: game.criticStats,
  spanishPress: game.spanishPress,
  playerStats: { ...game.playerStats, ...unusual },
  languages,
});

export const presentMediaReview = (row: MediaReviewRow): MediaReview => ({
  id: row.id,
  medium: row.outlet,
  logo: row.logo,
  autor: row.author,
  rating: row.rating,
  rawScore: row.rawScore,
  review: row.snippet,
  link: row.link,
  platform: row.platform,
  date: row.publishedAt,
  outletCountry: row.outletCountry,
  outletLanguage: row.outletLanguage,
  outletSlug: row.outletSlug,
});

export const presentUserReview = (row: UserReviewRow): UserReview => ({
  id: row.id,
  autor: row.author,
  rating: row.rating,
  review: row.content,
  spoiler: row.spoiler,
  helpful: row.helpful,
  notHelpful: row.notHelpful,
  titleGame: row.gameTitle,
  imageCover: row.imageCover,
  gameIgdbID: row.gameIgdbId,
  slug: row.gameSlug,
  badge: badgeFor(row.authorReviewCount),
  authorReviewCount: row.authorReviewCount,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
