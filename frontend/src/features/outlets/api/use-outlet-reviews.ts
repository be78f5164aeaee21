import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { OutletReviewPage } from '../../../lib/types';

export const OUTLET_REVIEWS_PAGE_SIZE = 20;

/** One page (zero-based) of the outlet's reviews, newest first. */
export function useOutletReviews(slug: string, page: number) {
  return useSWR<OutletReviewPage>(apiPaths.outlets.reviews(slug, page, OUTLET_REVIEWS_PAGE_SIZE), {
    keepPreviousData: true,
  });
}
