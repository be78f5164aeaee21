import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { FeaturedGame } from '../../../lib/types';

/** The featured game chosen in admin; null (204) when none is chosen. */
export function useFeaturedGame() {
  return useSWR<FeaturedGame | null>(apiPaths.games.featured());
}
