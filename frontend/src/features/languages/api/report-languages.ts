import type { LanguageLocale } from '@veredicto/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** What a player saw on one platform: each field true, false or left out (not known). */
export interface LanguageClaim {
  platform: string;
  locale: LanguageLocale;
  text?: boolean;
  audio?: boolean;
  note?: string;
}

export function reportLanguages(igdbID: number, claim: LanguageClaim) {
  return apiFetch<{ id: number; status: 'pending' }>(apiPaths.games.languageReports(igdbID), {
    method: 'POST',
    json: claim,
  });
}
