import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameSummary, SuggestionMark } from '../../../lib/types';

export interface SimilarGame extends GameSummary {
  /** 'Misma saga', 'Mismo estudio (…)', 'Géneros: …'. */
  reason: string;
  /** 'dlc': an add-on; 'edition': a later release of a title already in the list. */
  mark: SuggestionMark | null;
}

/** Up to 12 similar games, each with its reason, as the worker job stored them. */
export function useSimilarGames(igdbID: number | undefined) {
  return useSWR<SimilarGame[]>(igdbID ? apiPaths.games.similar(igdbID) : null);
}
