/** The catalogue's platform filter: ids used in /games/{platformId} and in the API's `platform` parameter. */
export const PLATFORM_FILTERS = [
  { id: 'pc', label: 'PC' },
  { id: 'ps5', label: 'PlayStation 5' },
  { id: 'ps4', label: 'PlayStation 4' },
  { id: 'ps3', label: 'PlayStation 3' },
  { id: 'ps2', label: 'PlayStation 2' },
  { id: 'xbox-one', label: 'Xbox One' },
  { id: 'xbox-series', label: 'Xbox Series X|S' },
  { id: 'switch-2', label: 'Nintendo Switch 2' },
  { id: 'switch', label: 'Nintendo Switch' },
] as const;

export const ALL_PLATFORMS_ID = 'all';

export function platformLabel(platformId: string): string | null {
  return PLATFORM_FILTERS.find((platform) => platform.id === platformId)?.label ?? null;
}
