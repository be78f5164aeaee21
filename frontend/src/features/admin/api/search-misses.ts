import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { SearchAlias, SearchAliasBody, SearchMiss } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useSearchMisses() {
  return useSWR<SearchMiss[]>(apiPaths.admin.searchMisses(), (path: string) =>
    adminFetch<SearchMiss[]>(path),
  );
}

export function dismissSearchMiss(term: string) {
  return adminFetch<null>(apiPaths.admin.searchMiss(term), { method: 'DELETE' });
}

/** Gives the game another name people search it by; `missTerm` leaves the zero-result list. */
export function addGameAlias(igdbID: number, alias: string, missTerm?: string) {
  return adminFetch<SearchAlias>(apiPaths.admin.gameAliases(igdbID), {
    method: 'POST',
    json: { alias, missTerm } satisfies SearchAliasBody,
  });
}
