import useSWRInfinite from 'swr/infinite';
import { apiFetchWithHeaders } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary } from '../../../lib/types';
import type { SpanishFilter } from '../../languages/components/spanish-filter-chips';

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

/** The search's pages, loaded one more at a time (`loadMore`); `spanish` keeps only castellano voices or texts. */
export function useSearchGames(term: string, spanish?: SpanishFilter) {
  const trimmed = term.trim();
  const pages = useSWRInfinite<SearchPage>(
    (index, previous: SearchPage | null) => {
      if (!trimmed) return null;
      if (previous && previous.games.length === 0) return null;
      return apiPaths.games.search(trimmed, index, spanish);
    },
    fetchSearchPage,
    { revalidateFirstPage: false },
  );
  const loaded = pages.data ?? [];
  const games = loaded.flatMap((page) => page.games);
  const total = loaded[0]?.total ?? 0;
  return {
    games,
    total,
    didYouMean: loaded[0]?.didYouMean ?? null,
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > loaded.length,
    hasMore: games.length < total && (loaded.at(-1)?.games.length ?? 0) > 0,
    loadMore: () => void pages.setSize(pages.size + 1),
    retry: () => pages.mutate(),
  };
}
