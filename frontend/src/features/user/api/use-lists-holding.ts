import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';

/** The names of the logged-in user's lists that hold the game. */
export function useListsHolding(igdbID: number | string) {
  return useSWR<string[]>(useAuthenticatedKey(apiPaths.user.listsHolding(igdbID)));
}
