// The platform ids and names are a contract with the API: one list, in libs/contract.
import { PLATFORMS } from '@veredicto/contract';

/** The catalogue's platform filter: ids used in /games/{platformId} and in the API's `platform` parameter. */
export const PLATFORM_FILTERS = PLATFORMS.map(({ id, name }) => ({ id, label: name }));

export const ALL_PLATFORMS_ID = 'all';

export function platformLabel(platformId: string): string | null {
  return PLATFORM_FILTERS.find((platform) => platform.id === platformId)?.label ?? null;
}
