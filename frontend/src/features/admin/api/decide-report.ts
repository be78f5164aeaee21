import { apiPaths } from '../../../lib/paths';
import type { ReportAction, ReviewReportDecision } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function decideReport(reportId: number, action: ReportAction, reason: string) {
  return adminFetch<Pick<ReviewReportDecision, 'action'>>(apiPaths.admin.report(reportId), {
    method: 'POST',
    json: { action, reason } satisfies ReviewReportDecision,
  });
}
