import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameList } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

export const WISHLIST_NAME = 'Deseados';
export const HIDDEN_FROM_PICKER = 'Lo quiero';

export function useGameLists() {
  return useSWR<GameList[]>(useAuthenticatedKey(apiPaths.user.lists()));
}
