import { apiFetchWithHeaders } from '../../../lib/api-client';
import type { GameSummary } from '../../../lib/types';

// Apart from use-search-games.ts: the header's search box preloads the first page on Enter, and importing it
// from there would put swr/infinite in every page's first paint.

/** One page of results with the count of every match and, when nothing matched, a closer title. */
export interface SearchPage {
  games: GameSummary[];
  total: number;
  didYouMean: string | null;
}

export async function fetchSearchPage(path: string): Promise<SearchPage> {
  const { data, headers } = await apiFetchWithHeaders<GameSummary[]>(path);
  const games = data ?? [];
  const total = Number(headers.get('X-Total-Count') ?? games.length);
  const suggestion = headers.get('X-Did-You-Mean');
  return {
    games,
    total: Number.isFinite(total) ? total : games.length,
    didYouMean: suggestion ? decodeURIComponent(suggestion) : null,
  };
}
