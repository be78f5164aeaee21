import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { FiledLanguageReport, LanguageClaim } from '../../../lib/types';

export function reportLanguages(igdbID: number, claim: LanguageClaim) {
  return apiFetch<FiledLanguageReport>(apiPaths.games.languageReports(igdbID), {
    method: 'POST',
    json: claim,
  });
}
