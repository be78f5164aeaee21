import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary, Page } from '../../../lib/types';

export const BEST_OF_PAGE_SIZE = 50;

/** One page (zero-based) of a best-of list: by year, year and platform, or genre. */
export function useBestOf(params: { year?: number; platform?: string; genre?: string; page: number } | null) {
  return useSWR<Page<GameSummary>>(
    params ? apiPaths.games.bestOf({ ...params, size: BEST_OF_PAGE_SIZE }) : null,
    {
      keepPreviousData: true,
    },
  );
}
