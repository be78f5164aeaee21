export type SuggestionMark = 'dlc' | 'edition';

/** What a mark says on screen, before the year (suggestions, similar games). */
export const SUGGESTION_MARK_LABELS: Record<SuggestionMark, string> = { dlc: 'DLC', edition: 'Edición' };

interface MarkedGame {
  title: string;
  releaseDate: string | null;
  /** games.addon: IGDB's type or the title says so (libs/db addon.ts). */
  addon: boolean;
}

const key = (title: string) => title.trim().toLowerCase();
const dateOf = (game: MarkedGame) => game.releaseDate ?? '9999';

/**
 * The marks of a list of suggestions, where titles repeat or build on each other:
 * - an add-on is 'dlc', and so is '<a suggested game's title> - <subtitle>' released after that game (the
 *   seed has no IGDB type: 'Breath of the Wild - The Master Trials' is known only by its title; a ':'
 *   subtitle is left alone, as in 'Marvel's Spider-Man: Miles Morales', a game of its own);
 * - among games of one title, the earliest is the game and each later one an 'edition' (a remaster, a
 *   port, a new generation's release).
 */
export function suggestionMarks(games: readonly MarkedGame[]): (SuggestionMark | null)[] {
  const bases = games.filter((game) => !game.addon);
  const earliest = new Map<string, MarkedGame>();
  for (const game of bases) {
    const seen = earliest.get(key(game.title));
    if (!seen || dateOf(game) < dateOf(seen)) earliest.set(key(game.title), game);
  }
  return games.map((game) => {
    if (game.addon) return 'dlc';
    const title = key(game.title);
    const extends_ = bases.some(
      (base) => title.startsWith(`${key(base.title)} - `) && dateOf(game) >= dateOf(base),
    );
    if (extends_) return 'dlc';
    return earliest.get(title) !== game ? 'edition' : null;
  });
}
