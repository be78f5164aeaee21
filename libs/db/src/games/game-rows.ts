import type {
  CatalogueSort,
  LengthFilter,
  PlatformName,
  SpanishFilter,
  SpanishVerdict,
} from '@veredicto/contract';
import type { AliasKind } from '../search/game-alias.entity.js';
import type { GameVideo, ReleaseDatePrecision, SpanishTextSource } from './game.entity.js';
import type { GameScoreStats } from './score-stats.js';

/** The rows the games repositories read and write, in our names (the API presents them in its own). */

/** The catalogue's orders (the contract's `sortBy` values). */
export type GameSort = CatalogueSort;

export interface GameSummaryRow {
  id: number;
  igdbId: number;
  slug: string;
  title: string;
  imageCover: string | null;
  platforms: PlatformName[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  avRatings: number | null;
  avUserRatings: number | null;
  criticReviewCount: number;
  userRatingCount: number;
  spanish: SpanishVerdict;
}

/** What a game page shows beyond a catalogue card; imported from the sources as it is. */
export interface GameMediaFields {
  imageArt: string | null;
  summary: string | null;
  genres: string[];
  developers: string[];
  publishers: string[];
  screenshots: string[];
  bigScreenshots: string[];
  videos: GameVideo[];
}

/** The Spanish text of a game: from the seed file or a translation job (see `summaryEsSource`). */
export interface GameSpanishFields {
  titleEs: string | null;
  summaryEs: string | null;
  summaryEsSource: SpanishTextSource | null;
  genresEs: string[];
}

/** Everything the game page shows of a game (game.presenter.ts turns it into the API's shape). */
export interface GameDetailRow extends GameSummaryRow, GameMediaFields, GameSpanishFields, GameScoreStats {}

/** One line of the Spanish seed file (`summaries-es.jsonl.gz`). */
export interface SpanishContentRow {
  igdbId: number;
  titleEs: string | null;
  summaryEs: string | null;
  genresEs: string[];
}

export type { SpanishFilter } from '@veredicto/contract';

/** What the catalogue is narrowed to (docs/CONTRACT.md §13 and §16), whatever its order. */
export interface CatalogueFilters {
  /** A platform's canonical name ('PlayStation 4'). */
  platform?: string;
  /** Only games whose `spanish` verdict says yes for voices or texts. */
  spanish?: SpanishFilter;
  /** A Spanish genre's IGDB names (GENRES_BY_SLUG): a game with any of them. */
  genres?: string[];
  /** Games released that year. */
  year?: number;
  /** Only games that show a critic average. */
  scored?: boolean;
  /** Only games whose main story is short, medium or long (docs/CONTRACT.md §19). */
  length?: LengthFilter;
  /** Adult games too (docs/CONTRACT.md §16): left out unless asked for. */
  mature?: boolean;
  /** Add-ons too (DLC, packs, soundtracks, season passes, bundles: addon.ts): left out unless asked for. */
  addons?: boolean;
}

export interface GamePageQuery extends CatalogueFilters {
  page: number;
  size: number;
  sortBy: GameSort;
}

export interface AverageResult {
  avRatings: number | null;
  criticReviewCount: number;
  avUserRatings: number | null;
  userRatingCount: number;
}

/** A known position in one ordering of the catalogue: the game there and its sort value (as text). */
export interface PageAnchor {
  position: number;
  id: number;
  value: string | null;
}

/** Where each position of one ordering (sort + platform) is: its size and an anchor every N games. */
export interface PageIndex {
  total: number;
  every: number;
  anchors: PageAnchor[];
}

/** A game from an outside source (seed file, IGDB), already mapped to our columns. */
export interface GameUpsertRow extends GameMediaFields {
  igdbId: number;
  title: string;
  slug: string;
  searchName: string;
  platforms: string[];
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  imageCover: string | null;
  igdbRating: number | null;
  /** Adult by its themes (IGDB's 'Erotic'); the title's words mark it too (mature.ts), whatever the source. */
  matureTheme?: boolean;
  /** An add-on by IGDB's game type; absent when the source has no type (the title decides: addon.ts). */
  addonByType?: boolean;
  /**
   * Other names by kind ('spanish', 'igdb'): a kind present replaces that kind's aliases of the game, a
   * kind absent leaves them alone. Acronyms of the title are always regenerated.
   */
  aliases?: Partial<Record<Exclude<AliasKind, 'acronym' | 'admin'>, string[]>>;
  /** Seed reference scores (Metacritic); sources without them leave the stored ones alone. */
  metascore?: number | null;
  externalUserScore?: number | null;
}
