import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { NewsFeed } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useFeeds() {
  return useSWR<NewsFeed[]>(apiPaths.admin.feeds(), (path: string) => adminFetch<NewsFeed[]>(path));
}
