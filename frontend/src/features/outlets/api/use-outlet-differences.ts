import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { OutletDifferences } from '../../../lib/types';

export function useOutletDifferences(slug: string) {
  return useSWR<OutletDifferences>(apiPaths.outlets.differences(slug));
}
