import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary } from '../../../lib/types';

export function useSearchGames(term: string) {
  const trimmed = term.trim();
  return useSWR<GameSummary[]>(trimmed ? apiPaths.games.search(trimmed) : null);
}
