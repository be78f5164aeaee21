import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';
import type { GameStatus } from '../../../lib/types';

/** The user's status for the game (null when none: the API answers 204). */
export function useGameStatus(igdbID: number | string) {
  return useSWR<GameStatus | null>(
    useAuthenticatedKey(apiPaths.user.gameStatus(igdbID)),
    async (path: string) => {
      const answer = await apiFetch<GameStatus | ''>(path);
      return answer && typeof answer === 'object' ? answer : null;
    },
  );
}
