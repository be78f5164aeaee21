import { SEARCH_HEADERS } from '@veredicto/contract';
import { apiFetchWithHeaders } from '../../../lib/api-client';
import type { GameSummary, SearchPage } from '../../../lib/types';

// Apart from use-search-games.ts: the header's search box preloads the first page on Enter, and importing it
// from there would put swr/infinite in every page's first paint.

/** One page of results with the count of every match and, when nothing matched, a closer title. */
export async function fetchSearchPage(path: string): Promise<SearchPage> {
  const { data, headers } = await apiFetchWithHeaders<GameSummary[]>(path);
  const games = data ?? [];
  const total = Number(headers.get(SEARCH_HEADERS.total) ?? games.length);
  const suggestion = headers.get(SEARCH_HEADERS.didYouMean);
  return {
    games,
    total: Number.isFinite(total) ? total : games.length,
    didYouMean: suggestion ? decodeURIComponent(suggestion) : null,
  };
}
