import useSWR from 'swr';
import type { BestOfLists } from '@veredicto/contract';
import { apiPaths } from '../../../lib/paths';

/** The best-of lists with enough games, newest year first (the data decides, not today's date). */
export function useBestOfLists() {
  return useSWR<BestOfLists>(apiPaths.games.bestOfLists());
}

/** The newest year whose list (of every platform, or of `platformId`) is worth offering; null if none. */
export function newestBestOfYear(lists: BestOfLists | undefined, platformId?: string): number | null {
  const year = lists?.years.find(
    (entry) => !platformId || entry.platforms.some((platform) => platform.id === platformId),
  );
  return year?.year ?? null;
}
