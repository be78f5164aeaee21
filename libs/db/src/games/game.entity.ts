import { ArrayType, EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { ReleaseDatePrecision, SpanishAnswer } from '@veredicto/contract';
import { CatalogueFilterIndexes } from './catalogue-filter-indexes.js';
import { GameRepository } from './game.repository.js';
import { searchWordTriggers } from '../search/search-word.entity.js';
import { searchVersionTriggers } from '../search/search-version.js';

/** How much of `releaseDate` is known: IGDB stores a year-only date as 31 December, a quarter as its last day. */
export type { ReleaseDatePrecision };

/** Where the Spanish synopsis came from: the project's own seed file or a translation service. */
export type SpanishTextSource = 'seed' | 'libretranslate' | 'deepl';

export interface GameVideo {
  id: number;
  title: string;
  videoID: string;
}

// The sort indexes include the platforms and the adult and add-on marks (and the score orders the release
// date, which every page filters by): a filtered page finds its ids by an index-only scan.
@Entity({
  tableName: 'games',
  repository: () => GameRepository,
  triggers: [...searchWordTriggers('games'), ...searchVersionTriggers('games')],
})
// Best-of lists (best-of.repository.ts): the ranked games that are not adult only, in the lists' order,
// with their filters.
@Index({
  name: 'games_best_of_idx',
  expression:
    'create index "games_best_of_idx" on "games" ("av_ratings" desc, "critic_review_count" desc, "id") include ("release_date", "platforms", "genres", "genres_es") where "av_ratings" is not null and not "mature"',
})
@Index({
  name: 'games_release_date_idx',
  expression:
    'create index "games_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms", "mature", "addon")',
})
@Index({
  name: 'games_av_ratings_idx',
  expression:
    'create index "games_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date")',
})
// sortBy=avUserRatings orders by the Bayesian rank (game.repository.ts), not by the shown mean.
@Index({
  name: 'games_player_rank_score_idx',
  expression:
    'create index "games_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date")',
})
// The same orderings of the games with Spanish voices or texts (the `spanish` filter): partial, small.
@Index({
  name: 'games_spanish_audio_release_date_idx',
  expression: `create index "games_spanish_audio_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms", "mature", "addon") where "spanish_audio" = 'yes'`,
})
@Index({
  name: 'games_spanish_audio_av_ratings_idx',
  expression: `create index "games_spanish_audio_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date") where "spanish_audio" = 'yes'`,
})
@Index({
  name: 'games_spanish_audio_player_rank_score_idx',
  expression: `create index "games_spanish_audio_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date") where "spanish_audio" = 'yes'`,
})
@Index({
  name: 'games_spanish_text_release_date_idx',
  expression: `create index "games_spanish_text_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms", "mature", "addon") where "spanish_text" = 'yes'`,
})
@Index({
  name: 'games_spanish_text_av_ratings_idx',
  expression: `create index "games_spanish_text_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date") where "spanish_text" = 'yes'`,
})
@Index({
  name: 'games_spanish_text_player_rank_score_idx',
  expression: `create index "games_spanish_text_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date") where "spanish_text" = 'yes'`,
})
// sortBy=length, and the games with a length by release date (the `length` filter under the default order).
@Index({
  name: 'games_length_hours_idx',
  expression:
    'create index "games_length_hours_idx" on "games" ("length_hours" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date")',
})
@Index({
  name: 'games_length_release_date_idx',
  expression:
    'create index "games_length_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "length_hours") where "length_hours" is not null',
})
// Each platform's games in each order, and the score orders by release year (catalogue-filter-indexes.ts).
@CatalogueFilterIndexes()
@Index({
  name: 'games_platforms_idx',
  expression: 'create index "games_platforms_idx" on "games" using gin ("platforms")',
})
// Exact and prefix look-ups of the search (a trigram index answers '=' slowly for short common trigrams).
@Index({
  name: 'games_search_name_idx',
  expression: 'create index "games_search_name_idx" on "games" ("search_name" text_pattern_ops)',
})
@Index({
  name: 'games_search_name_trgm_idx',
  expression: 'create index "games_search_name_trgm_idx" on "games" using gin ("search_name" gin_trgm_ops)',
})
export class Game {
  [EntityRepositoryType]?: GameRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property()
  @Unique({ name: 'games_igdb_id_unique' })
  igdbId!: number;

  @Property({ length: 300 })
  @Index({ name: 'games_slug_idx' })
  slug!: string;

  @Property({ length: 300 })
  title!: string;

  /** Lower-cased, accent-free title: what the trigram search index is built on. */
  @Property({ length: 300 })
  searchName!: string;

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  platforms: string[] = [];

  @Property({ type: 'string', columnType: 'date', nullable: true })
  releaseDate?: string | null;

  @Property({ type: 'string', length: 10, nullable: true })
  releaseDatePrecision?: ReleaseDatePrecision | null;

  @Property({ type: 'text', nullable: true })
  imageCover?: string | null;

  @Property({ type: 'text', nullable: true })
  imageArt?: string | null;

  @Property({ type: 'text', nullable: true })
  summary?: string | null;

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  genres: string[] = [];

  /** The official Spanish title, when it differs from `title`. */
  @Property({ length: 300, nullable: true })
  titleEs?: string | null;

  /** Spanish synopsis; `summary` keeps IGDB's English text, the source of any translation. */
  @Property({ type: 'text', nullable: true })
  summaryEs?: string | null;

  @Property({ type: 'string', length: 20, nullable: true })
  summaryEsSource?: SpanishTextSource | null;

  /** Last failed translation: the catalogue sweep skips the game for a while instead of retrying forever. */
  @Property({ type: 'timestamptz', nullable: true })
  translationFailedAt?: Date | null;

  /** Spanish genre names from the seed file; others are translated from `genres` when presented. */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  genresEs: string[] = [];

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  developers: string[] = [];

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  publishers: string[] = [];

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  screenshots: string[] = [];

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  bigScreenshots: string[] = [];

  @Property({ type: 'json', defaultRaw: "'[]'" })
  videos: GameVideo[] = [];

  /** Critic average: mean of the scored media reviews, 0-100. */
  @Property({ type: 'smallint', nullable: true })
  avRatings?: number | null;

  @Property({ type: 'integer', default: 0 })
  criticReviewCount: number = 0;

  /** Player average: mean of the users' ratings, 0-100. */
  @Property({ type: 'smallint', nullable: true })
  avUserRatings?: number | null;

  @Property({ type: 'integer', default: 0 })
  userRatingCount: number = 0;

  /** Median of the scored media reviews (shown only from 4 of them, like the average). */
  @Property({ type: 'smallint', nullable: true })
  criticMedian?: number | null;

  /** Scored media reviews per band 0-9, 10-19, ..., 90-100 (10 counts). */
  @Property({ type: ArrayType, columnType: 'int[]', defaultRaw: "'{0,0,0,0,0,0,0,0,0,0}'" })
  criticHistogram: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  /** Share of scored reviews at or above their outlet's median (OpenCritic's rule), 0-100. */
  @Property({ type: 'smallint', nullable: true })
  criticPercentRecommended?: number | null;

  /** Mean and count of the scored reviews of Spanish-language outlets (outlets.language = 'es'). */
  @Property({ type: 'smallint', nullable: true })
  spanishPressAverage?: number | null;

  @Property({ type: 'integer', default: 0 })
  spanishPressCount: number = 0;

  /** Players' scores per band 0-9, ..., 90-100. */
  @Property({ type: ArrayType, columnType: 'int[]', defaultRaw: "'{0,0,0,0,0,0,0,0,0,0}'" })
  playerHistogram: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  /** Bayesian weighted player rating: the order of sortBy=avUserRatings, never shown. */
  @Property({ type: 'real', nullable: true })
  playerRankScore?: number | null;

  /**
   * Hours of the main story (docs/CONTRACT.md §19): IGDB's `hastily` when it has one, otherwise our players'
   * median from PLAYER_TIMES_MINIMUM players; what the `length` filter and sortBy=length read.
   */
  @Property({ type: 'real', nullable: true })
  lengthHours?: number | null;

  /** Reference figures from the seed sources (Metacritic, IGDB); never shown as our own averages. */
  @Property({ type: 'smallint', nullable: true })
  metascore?: number | null;

  @Property({ type: 'smallint', nullable: true })
  externalUserScore?: number | null;

  @Property({ type: 'real', nullable: true })
  igdbRating?: number | null;

  /** docs/CONTRACT.md §13, kept from the game's language entries (languages/game-language.repository.ts). */
  @Property({ type: 'string', length: 10, default: 'unknown' })
  spanishAudio: SpanishAnswer = 'unknown';

  @Property({ type: 'string', length: 10, default: 'unknown' })
  spanishText: SpanishAnswer = 'unknown';

  /** Adult by IGDB's 'Erotic' theme or a title word (mature.ts): left out of the catalogue unless asked for. */
  @Property({ default: false })
  mature: boolean = false;

  /**
   * DLC, pack, soundtrack, season pass or bundle, by IGDB's game type or the title (addon.ts): left out of
   * the catalogue unless asked for, ranked below the base games in the search.
   */
  @Property({ default: false })
  addon: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /**
   * Given from a sequence when the game is added and again whenever what the API's in-memory search index
   * holds of it changes (migration SearchVersion): the index loads only the games above the highest it has.
   */
  @Property({ type: 'bigint', default: 0, lazy: true })
  @Index({ name: 'games_search_version_idx' })
  searchVersion?: string;
}
