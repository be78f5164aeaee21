/**
 * IGDB's genre names in Spanish, with the words of the Spanish seed file (`summaries-es.jsonl.gz`), so a
 * game translated here and one from the file read the same.
 */
const SPANISH_GENRES: Readonly<Record<string, string>> = {
  Adventure: 'Aventura',
  Arcade: 'Arcade',
  'Card & Board Game': 'Cartas y tablero',
  Fighting: 'Lucha',
  "Hack and slash/Beat 'em up": "Hack and slash / Beat 'em up",
  Indie: 'Indie',
  MOBA: 'MOBA',
  Music: 'Musical',
  Pinball: 'Pinball',
  Platform: 'Plataformas',
  'Point-and-click': 'Aventura gráfica',
  Puzzle: 'Puzles',
  'Quiz/Trivia': 'Preguntas',
  Racing: 'Conducción',
  'Real Time Strategy (RTS)': 'Estrategia en tiempo real',
  'Role-playing (RPG)': 'Rol',
  Shooter: 'Disparos',
  Simulator: 'Simulación',
  Sport: 'Deportes',
  Strategy: 'Estrategia',
  Tactical: 'Táctico',
  'Turn-based strategy (TBS)': 'Estrategia por turnos',
  'Visual Novel': 'Novela visual',
};

/** The Spanish genre list of a game: the stored Spanish names, else IGDB's names translated. */
export function spanishGenres(genresEs: readonly string[], genres: readonly string[]): string[] {
  if (genresEs.length > 0) return [...genresEs];
  return [...new Set(genres.map((genre) => SPANISH_GENRES[genre] ?? genre))];
}
