/** Games per catalogue page: what the front asks for and the API gives by default. */
export const CATALOGUE_PAGE_SIZE = 50;

/** A review's text, trimmed, in characters. */
export const REVIEW_MIN_LENGTH = 50;
export const REVIEW_MAX_LENGTH = 10_000;
/** What a reader is told when a review is too short or has no score (the API says the same). */
export const REVIEW_RULE_MESSAGE = `La crítica debe tener al menos ${REVIEW_MIN_LENGTH} caracteres y puntuación mayor a 0.`;

/**
 * A best-of list is offered (linked from the catalogue, the lists' chips) only with at least this many
 * ranked games: a year the review data barely reaches is a near-empty list, not 'the best games' of it.
 */
export const BEST_OF_MIN_GAMES = 20;
