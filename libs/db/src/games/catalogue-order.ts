import { sql } from 'kysely';
import type { OnGames } from './game-card.js';
import type { Game } from './game.entity.js';
import type { GameSort } from './game-rows.js';

/**
 * The column of each sort, always descending with nulls last and id as the tie-breaker, each matching one
 * index of the games table (see game.entity.ts). Everything about pages (ORDER BY, anchors) is derived
 * from this table, so a sort changes here only.
 */
export const SORT_COLUMN = {
  releaseDate: 'g.releaseDate',
  avRatings: 'g.avRatings',
  // Bayesian weighted rating (see PLAYER_RANK_PRIOR): the shown number stays the plain mean.
  avUserRatings: 'g.playerRankScore',
  // The main story's hours, longest first like every order (docs/CONTRACT.md §19).
  length: 'g.lengthHours',
} as const satisfies Record<GameSort, `g.${keyof Game & string}`>;

export const GAME_SORTS = Object.keys(SORT_COLUMN) as GameSort[];

/** `order by` of a sort: its column descending with nulls last, then the id descending. */
export const orderBy = (eb: OnGames, sort: GameSort) =>
  sql`${eb.ref(SORT_COLUMN[sort])} desc nulls last, ${eb.ref('g.id')} desc`;
