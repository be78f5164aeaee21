import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { News } from '../../../lib/types';

/** Every news item, newest first. */
export function useAllNews() {
  return useSWR<News[]>(apiPaths.news.all());
}
