import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameList } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

export { WISHLIST_NAME } from '@veredicto/contract';

export function useGameLists() {
  return useSWR<GameList[]>(useAuthenticatedKey(apiPaths.user.lists()));
}
