import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ListGame } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

/** The games of one list; the API answers 204 (no body) for an empty list. */
export function useListGames(listName: string | null) {
  return useSWR<ListGame[]>(
    useAuthenticatedKey(listName ? apiPaths.user.listGames(listName) : null),
    async (path: string) => (await apiFetch<ListGame[] | null>(path)) ?? [],
  );
}
