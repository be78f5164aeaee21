/**
 * The site's platforms, the one list front and back agree on: the URL id (docs/CONTRACT.md §1), the display
 * name stored on games, the IGDB platform ids the general scraper imports, and the logo family the front draws.
 * Adding a platform is one entry here.
 */
export const PLATFORMS = [
  { id: 'pc', name: 'PC', igdbIds: [6], family: 'windows' },
  { id: 'ps5', name: 'PlayStation 5', igdbIds: [167], family: 'playstation' },
  { id: 'ps4', name: 'PlayStation 4', igdbIds: [48], family: 'playstation' },
  { id: 'ps3', name: 'PlayStation 3', igdbIds: [9], family: 'playstation' },
  { id: 'ps2', name: 'PlayStation 2', igdbIds: [8], family: 'playstation' },
  { id: 'xbox-one', name: 'Xbox One', igdbIds: [49], family: 'xbox' },
  { id: 'xbox-series', name: 'Xbox Series X|S', igdbIds: [169], family: 'xbox' },
  { id: 'switch-2', name: 'Nintendo Switch 2', igdbIds: [508], family: 'nintendo' },
  { id: 'switch', name: 'Nintendo Switch', igdbIds: [130], family: 'nintendo' },
] as const satisfies readonly {
  id: string;
  name: string;
  igdbIds: readonly number[];
  family: 'playstation' | 'xbox' | 'nintendo' | 'windows';
}[];

export type Platform = (typeof PLATFORMS)[number];
export type PlatformId = Platform['id'];
export type PlatformName = Platform['name'];
export type PlatformFamily = Platform['family'];

export const PLATFORM_IDS: readonly PlatformId[] = PLATFORMS.map((platform) => platform.id);

/** The logo families in the order the front shows them. */
export const PLATFORM_FAMILIES: readonly PlatformFamily[] = ['playstation', 'xbox', 'nintendo', 'windows'];

export const isPlatformId = (id: string): id is PlatformId => PLATFORM_IDS.includes(id as PlatformId);

/** The display name of a platform id; undefined for an unknown id. */
export const platformName = (id: string): PlatformName | undefined =>
  PLATFORMS.find((platform) => platform.id === id)?.name;

/** IGDB platform id → display name stored on games. */
export const IGDB_PLATFORMS: Readonly<Partial<Record<number, PlatformName>>> = Object.freeze(
  Object.fromEntries(
    PLATFORMS.flatMap((platform) => platform.igdbIds.map((igdbId) => [igdbId, platform.name])),
  ),
);

/**
 * The logo family of a platform as stored on a game. Names outside the list (older data, other spellings such
 * as 'PS4' or 'Windows') are recognised by their brand.
 */
export function platformFamily(name: string): PlatformFamily | null {
  const known = PLATFORMS.find((platform) => platform.name === name);
  if (known) return known.family;
  const lower = name.toLowerCase();
  if (lower.startsWith('playstation') || /^ps\d?$/.test(lower)) return 'playstation';
  if (lower.startsWith('xbox')) return 'xbox';
  if (lower.includes('nintendo') || lower.includes('switch')) return 'nintendo';
  if (lower === 'pc' || lower.includes('windows')) return 'windows';
  return null;
}
