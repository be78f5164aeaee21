import { slugify } from './slug.js';

/**
 * IGDB's genre names in Spanish, with the words of the Spanish seed file (`summaries-es.jsonl.gz`), so a
 * game translated here and one from the file read the same.
 */
export const SPANISH_GENRES: Readonly<Record<string, string>> = {
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

/** Every Spanish genre by its URL slug ('rol', 'estrategia-por-turnos'), with IGDB's names that read as it. */
export const GENRES_BY_SLUG: ReadonlyMap<string, { slug: string; name: string; igdbNames: string[] }> =
  (() => {
    const bySlug = new Map<string, { slug: string; name: string; igdbNames: string[] }>();
    for (const [igdbName, name] of Object.entries(SPANISH_GENRES)) {
      const slug = slugify(name);
      const genre = bySlug.get(slug) ?? { slug, name, igdbNames: [] };
      genre.igdbNames.push(igdbName);
      bySlug.set(slug, genre);
    }
    return bySlug;
  })();

/** The Spanish name of a genre slug ('rol' → 'Rol'). */
export const GENRE_SLUGS: Readonly<Record<string, string>> = Object.fromEntries(
  [...GENRES_BY_SLUG.values()].map((genre) => [genre.slug, genre.name]),
);
