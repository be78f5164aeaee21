import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export function decideReport(reportId: number, action: 'keep' | 'hide', reason: string) {
  return adminFetch<{ action: string }>(apiPaths.admin.report(reportId), {
    method: 'POST',
    json: { action, reason },
  });
}
