import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';

export function updateReview(id: number, content: string) {
  return apiFetch<UserReview | null>(apiPaths.user.review(id), { method: 'PUT', json: { content } });
}
