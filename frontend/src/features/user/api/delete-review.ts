import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deleteReview(id: number) {
  return apiFetch<null>(apiPaths.user.review(id), { method: 'DELETE' });
}
