import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { OutletReview } from '../types';

export const OUTLET_REVIEWS_PAGE_SIZE = 20;

/** One page (zero-based) of the outlet's reviews, newest first. */
export function useOutletReviews(slug: string, page: number) {
  return useSWR<{ content: OutletReview[]; totalElements: number }>(
    apiPaths.outlets.reviews(slug, page, OUTLET_REVIEWS_PAGE_SIZE),
    { keepPreviousData: true },
  );
}
