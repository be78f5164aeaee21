import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { MediaReview } from '../../../lib/types';

export function useMediaReviews(igdbID: string | undefined) {
  return useSWR<MediaReview[]>(igdbID ? apiPaths.games.mediaReviews(igdbID) : null);
}
