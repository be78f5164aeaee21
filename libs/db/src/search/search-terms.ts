import type { LengthFilter } from '@veredicto/contract';
import type { GameSummaryRow, SpanishFilter } from '../games/game-rows.js';

/**
 * What a search compares and the thresholds it compares with, shared by the database's search statements
 * (game-search.repository.ts) and an API process's index in memory (@veredicto/search), which must find
 * and rank exactly as the statements do.
 */

/** A query word and the words it may stand for (itself, or its corrections); any of them matches. */
export type WordGroup = string[];

/**
 * What a search text is compared with: whole texts (exact), texts a title or alias may start with
 * (prefix), and per variant the words that must all be present: `wordStarts` as the start of a word
 * after the first (words under 3 characters), `groups` anywhere (any word of each group).
 */
export interface SearchTerms {
  exacts: string[];
  prefixes: string[];
  /**
   * A franchise's name as its main games' titles start ('legend of zelda' for a query that is only the
   * franchise's word, 'zelda'): such a title ranks a tier (FRANCHISE_TIER) above spin-offs and fan projects.
   */
  franchisePrefixes: string[];
  allWords: { wordStarts: string[]; groups: WordGroup[] }[];
  /**
   * The text as typed, normalised (and with franchise abbreviations written out, or without its spaces):
   * an adult game matches only when one of its texts (title or alias) is one of these whole, unless the
   * search asks for adult games (docs/CONTRACT.md §16). Corrections never reach them.
   */
  typedExacts: string[];
}

/** A word of the word list that may stand for a typed word, as the database's correction look-up gives it. */
export interface CorrectionRow {
  typed: string;
  word: string | null;
  swap: boolean | null;
}

/**
 * In a game's popularity, a known score adds 0.3, and a well-reviewed game more: 1/SCORE_BONUS_SCALE per
 * point above SCORE_BONUS_FROM (a 96 adds 1.17), so a franchise's acclaimed main game outranks its minor
 * ones with as few reviews here ('zelda').
 */
export const SCORE_BONUS_FROM = 70;
export const SCORE_BONUS_SCALE = 30;

/**
 * What an add-on (DLC, pack, soundtrack, season pass, bundle: games/addon.ts) loses of its popularity: it
 * ranks below its base game, and below equally good matches, but never below a worse tier of match (the
 * DLC's own exact title still comes first).
 */
export const ADDON_PENALTY = 2;

/** What a title starting with the franchise's name (SearchTerms.franchisePrefixes) adds to its tier. */
export const FRANCHISE_TIER = 1;

/** How many of a search's matches, the best by tier and popularity, are ranked by similarity as well. */
export const SEARCH_SHORTLIST = 300;

/** The last resort's word-similarity threshold (pg_trgm's own is 0.6): lets 'disco elisyum' through. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * The closest words of the word list a typed word may stand for (see GameSearchRepository.corrections):
 * its swaps of two neighbouring letters that are words, and the words whose similarity to it is at least
 * `similarity` (pg_trgm.similarity_threshold for the `%` operator the index answers), at most
 * `lengthChange` letters longer or shorter. Ranked swap first, then by levenshtein distance, then
 * similarity plus a small bonus for frequent words (`frequencyWeight` per unit of ln(1 + frequency));
 * kept when a swap, at most `maxEdits` edits away, or `keepSimilarity` similar; the best `candidates`.
 */
export interface CorrectionRules {
  candidates: number;
  similarity: number;
  maxEdits: number;
  keepSimilarity: number;
  frequencyWeight: number;
  lengthChange: number;
}

export const CORRECTION_RULES: CorrectionRules = {
  candidates: 3,
  similarity: 0.2,
  maxEdits: 2,
  keepSimilarity: 0.3,
  frequencyWeight: 0.05,
  lengthChange: 2,
};

/** Which page of a search's matches. */
export interface SearchPageQuery {
  page: number;
  size: number;
  /** Only games whose `spanish` verdict says yes for voices ('audio') or texts ('text'). */
  spanish?: SpanishFilter;
  /** Only games whose main story is short, medium or long (docs/CONTRACT.md §19). */
  length?: LengthFilter;
  /** Adult games too; without it they match only by their whole title or alias (SearchTerms.typedExacts). */
  mature?: boolean;
}

export interface SearchResultPage {
  rows: GameSummaryRow[];
  total: number;
  /**
   * With an index in memory: the highest games.search_version when the rows were read. Above the index's
   * own version, the index missed a change and the search is run again (SearchIndexStore.search).
   */
  searchVersion?: number;
}
