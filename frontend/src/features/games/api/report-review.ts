import type { ReportReason } from '@veredicto/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function reportReview(reviewId: number, reason: ReportReason, note: string) {
  return apiFetch<{ id: number; message: string }>(apiPaths.reviews.report(reviewId), {
    method: 'POST',
    json: note ? { reason, note } : { reason },
  });
}
