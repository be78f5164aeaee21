import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { News } from '../../../lib/types';

/** Loads an article by id; runs only once the slug has matched an item of the list. */
export function useNewsArticle(newID: number | undefined) {
  return useSWR<News>(newID === undefined ? null : apiPaths.news.article(newID));
}
