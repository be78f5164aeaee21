import useSWRInfinite from 'swr/infinite';
import { apiPaths } from '../../../lib/paths';
import type { SearchPage } from '../../../lib/types';
import { fetchSearchPage } from './search-page';
import type { SpanishFilter } from '@veredicto/contract';

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
