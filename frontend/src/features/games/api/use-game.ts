import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameDetail } from '../../../lib/types';

export function useGame(igdbID: string | undefined) {
  return useSWR<GameDetail>(igdbID ? apiPaths.games.detail(igdbID) : null);
}
