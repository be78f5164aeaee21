import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam o publicidad' },
  { value: 'offensive', label: 'Ofensiva o insultante' },
  { value: 'off-topic', label: 'No habla del juego' },
  { value: 'spoiler', label: 'Spoilers sin avisar' },
  { value: 'other', label: 'Otro motivo' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export function reportReview(reviewId: number, reason: ReportReason, note: string) {
  return apiFetch<{ id: number; message: string }>(apiPaths.reviews.report(reviewId), {
    method: 'POST',
    json: note ? { reason, note } : { reason },
  });
}
