import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { toScore } from '../../../lib/format';

/** The players' average, re-fetched after the user rates the game. */
export function usePlayerAverage(igdbID: string | undefined) {
  return useSWR<number | null>(igdbID ? apiPaths.games.playerAverage(igdbID) : null, async (path: string) =>
    toScore(await apiFetch<number | string | null>(path)),
  );
}
