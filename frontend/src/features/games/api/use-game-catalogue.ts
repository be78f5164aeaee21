import useSWR from 'swr';
import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueSort,
  type LengthFilter,
  type SpanishFilter,
} from '@veredicto/contract';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary, Page } from '../../../lib/types';

/**
 * The catalogue's filters besides the platform (docs/CONTRACT.md §16); adult games and add-ons (DLC,
 * packs, soundtracks, season passes, bundles) only when asked.
 */
export interface CatalogueFilters {
  spanish?: SpanishFilter;
  genre?: string;
  year?: number;
  scored?: boolean;
  length?: LengthFilter;
  mature?: boolean;
  addons?: boolean;
}

/** One page of the catalogue; `page` is zero-based, as the API expects. */
export function useGameCatalogue(
  params: ({ page: number; platform?: string; sortBy: CatalogueSort } & CatalogueFilters) | null,
) {
  return useSWR<Page<GameSummary>>(
    params ? apiPaths.games.catalogue({ ...params, size: CATALOGUE_PAGE_SIZE }) : null,
    { keepPreviousData: true },
  );
}
