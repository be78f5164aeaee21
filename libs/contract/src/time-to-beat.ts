/** The catalogue's `length` filter (docs/CONTRACT.md §19): the main story under 10 h, 10 to 30 h, over 30 h. */
export const LENGTH_FILTERS = ['short', 'medium', 'long'] as const;
export type LengthFilter = (typeof LENGTH_FILTERS)[number];

/** The hours where `short` ends and `long` starts. */
export const LENGTH_BOUNDS = { short: 10, long: 30 } as const;

/** Which length filter hours of a main story fall in. */
export const lengthOf = (hours: number): LengthFilter =>
  hours < LENGTH_BOUNDS.short ? 'short' : hours > LENGTH_BOUNDS.long ? 'long' : 'medium';

/** Players who completed a game (on a platform) before their median is shown. */
export const PLAYER_TIMES_MINIMUM = 5;

/** Completed games with hours before a player's pace is used. */
export const PACE_MINIMUM = 3;
