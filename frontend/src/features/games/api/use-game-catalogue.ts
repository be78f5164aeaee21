import useSWR from 'swr';
import { CATALOGUE_PAGE_SIZE } from '@veredicto/contract';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary, Page } from '../../../lib/types';

export type CatalogueSort = 'releaseDate' | 'avRatings' | 'avUserRatings';

import type { SpanishFilter } from '../../languages/components/spanish-filter-chips';

/** One page of the catalogue; `page` is zero-based, as the API expects. */
export function useGameCatalogue(
  params: { page: number; platform?: string; sortBy: CatalogueSort; spanish?: SpanishFilter } | null,
) {
  return useSWR<Page<GameSummary>>(
    params ? apiPaths.games.catalogue({ ...params, size: CATALOGUE_PAGE_SIZE }) : null,
    { keepPreviousData: true },
  );
}
