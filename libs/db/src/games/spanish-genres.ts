import { SPANISH_GENRES } from '@veredicto/contract';

export { SPANISH_GENRES };

/** The Spanish genre list of a game: the stored Spanish names, else IGDB's names translated. */
export function spanishGenres(genresEs: readonly string[], genres: readonly string[]): string[] {
  if (genresEs.length > 0) return [...genresEs];
  return [...new Set(genres.map((genre) => SPANISH_GENRES[genre] ?? genre))];
}
