import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';
import type { GameStatus } from '../../../lib/types';

/** 'Mis juegos': every status of the user, optionally on one platform. */
export function useMyGames(platform?: string) {
  return useSWR<GameStatus[]>(useAuthenticatedKey(apiPaths.user.myGames(platform)), swrFetcher);
}
