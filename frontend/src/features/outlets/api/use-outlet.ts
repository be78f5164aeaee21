import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { Outlet } from '../../../lib/types';

export function useOutlet(slug: string | undefined) {
  return useSWR<Outlet>(slug ? apiPaths.outlets.detail(slug) : null);
}
