import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary } from '../../../lib/types';

export function useUpcomingGames() {
  return useSWR<GameSummary[]>(apiPaths.games.upcoming());
}
