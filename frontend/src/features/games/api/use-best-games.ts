import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary } from '../../../lib/types';

export function useBestGames() {
  return useSWR<GameSummary[]>(apiPaths.games.best());
}
