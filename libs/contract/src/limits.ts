/** Games per catalogue page: what the front asks for and the API gives by default. */
export const CATALOGUE_PAGE_SIZE = 50;

/** A review's text, trimmed, in characters. */
export const REVIEW_MIN_LENGTH = 50;
export const REVIEW_MAX_LENGTH = 10_000;
/** What a reader is told when a review is too short or has no score (the API says the same). */
export const REVIEW_RULE_MESSAGE = `La crítica debe tener al menos ${REVIEW_MIN_LENGTH} caracteres y puntuación mayor a 0.`;

/** Games per page of search results by default. */
export const SEARCH_PAGE_SIZE = 20;
/** The most games any page of the catalogue or of a search may hold. */
export const MAX_PAGE_SIZE = 100;

/** The orders of `GET /api/games/all` (`sortBy`): each descending, nulls last, then by id. */
export const CATALOGUE_SORTS = ['releaseDate', 'avRatings', 'avUserRatings', 'length'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** The bounds, both included, of the catalogue's and the search's numeric parameters. */
export const CATALOGUE_QUERY_LIMITS = {
  page: { least: 0, most: 100_000 },
  size: { least: 1, most: MAX_PAGE_SIZE },
  year: { least: 1950, most: 2100 },
} as const;
export const SEARCH_QUERY_LIMITS = {
  page: { least: 0, most: 500 },
  size: { least: 1, most: MAX_PAGE_SIZE },
  /** The searched text's length in characters. */
  name: { least: 1, most: 100 },
} as const;

/**
 * A best-of list is offered (linked from the catalogue, the lists' chips) only with at least this many
 * ranked games: a year the review data barely reaches is a near-empty list, not 'the best games' of it.
 */
export const BEST_OF_MIN_GAMES = 20;
