import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export function deleteNews(newID: string) {
  return adminFetch<null>(apiPaths.news.article(newID), { method: 'DELETE' });
}
