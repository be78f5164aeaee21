import type { ReleaseDatePrecision } from './dates.js';

/** Shapes of the operator's screen (/admin): what the admin API answers and the bodies it takes. */

/** GET /api/admin/reliability: the last reconciliation of the stored figures and the outbox's backlog. */
export interface ReliabilityReport {
  /** Null until the first reconciliation ran; `fixed` games had figures that differed from SQL's. */
  reconciliation: { at: string; checked: number; fixed: number; gameIds: number[] } | null;
  outbox: { pending: number; oldestPendingSeconds: number | null };
}

/** Where the discovery job got the address of a page that may hold a game's critic reviews. */
export const DISCOVERY_ORIGINS = ['metacritic', 'opencritic', 'igdb', 'outlet'] as const;
export type DiscoveryOrigin = (typeof DISCOVERY_ORIGINS)[number];

/** One page the discovery job looked at for a game's critic reviews (docs/CONTRACT.md §4). */
export interface DiscoveryFinding {
  igdbId: number;
  title: string;
  url: string;
  origin: DiscoveryOrigin;
  /** Why it was refused (Spanish); null for a page added as a source. */
  reason: string | null;
  reviewCount: number;
  checkedAt: string;
}

/** GET /api/admin/review-discovery: the latest pages added and refused. */
export interface ReviewDiscoveryReport {
  enabled: boolean;
  found: DiscoveryFinding[];
  refused: DiscoveryFinding[];
}

/** The body of PATCH /api/admin/games/{igdbID} (docs/CONTRACT.md §11): what it leaves out stays as it is. */
export interface GameFactsEdit {
  /** yyyy-MM-dd; null when it is not known. */
  releaseDate?: string | null;
  releaseDatePrecision?: ReleaseDatePrecision;
  /** Platform ids (platforms.ts). */
  platforms?: string[];
}

/** The game's facts after the edit. */
export interface EditedGame {
  igdbID: number;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  /** Platform ids, in the order of the contract. */
  platforms: string[];
  /** The game_changes row written; null when nothing changed. */
  changeId: number | null;
}
