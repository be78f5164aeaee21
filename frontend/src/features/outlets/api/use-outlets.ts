import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { Outlet, Page } from '../../../lib/types';

export const OUTLETS_PAGE_SIZE = 50;

/** One page of outlets (zero-based), most reviews first. */
export function useOutlets(params: { q?: string; country?: string; language?: string; page: number }) {
  return useSWR<Page<Outlet>>(apiPaths.outlets.list({ ...params, size: OUTLETS_PAGE_SIZE }), {
    keepPreviousData: true,
  });
}
