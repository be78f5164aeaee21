import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { LanguageReport, LanguageReportDecision, LanguageReportOutcome } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useLanguageReports() {
  return useSWR<LanguageReport[]>(apiPaths.admin.languageReports(), (path: string) =>
    adminFetch<LanguageReport[]>(path),
  );
}

export function decideLanguageReport(reportId: number, accept: boolean, reason: string) {
  return adminFetch<LanguageReportOutcome>(apiPaths.admin.languageReport(reportId), {
    method: 'POST',
    json: { accept, reason } satisfies LanguageReportDecision,
  });
}
