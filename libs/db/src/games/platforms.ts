/** The site's platforms: URL ids (decisions.md section 1) and display names (as stored on games). */
export const PLATFORMS = [
  { id: 'pc', name: 'PC' },
  { id: 'ps5', name: 'PlayStation 5' },
  { id: 'ps4', name: 'PlayStation 4' },
  { id: 'ps3', name: 'PlayStation 3' },
  { id: 'ps2', name: 'PlayStation 2' },
  { id: 'xbox-one', name: 'Xbox One' },
  { id: 'xbox-series', name: 'Xbox Series X|S' },
  { id: 'switch-2', name: 'Nintendo Switch 2' },
  { id: 'switch', name: 'Nintendo Switch' },
] as const;

export type PlatformId = (typeof PLATFORMS)[number]['id'];
export const PLATFORM_IDS = PLATFORMS.map((platform) => platform.id);
export const platformName = (id: string): string | undefined =>
  PLATFORMS.find((platform) => platform.id === id)?.name;
