import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { FiledReviewReport, ReportReason, ReviewReportBody } from '../../../lib/types';

export function reportReview(reviewId: number, reason: ReportReason, note: string) {
  const body: ReviewReportBody = note ? { reason, note } : { reason };
  return apiFetch<FiledReviewReport>(apiPaths.reviews.report(reviewId), {
    method: 'POST',
    json: body,
  });
}
