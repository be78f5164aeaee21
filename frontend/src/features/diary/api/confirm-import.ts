import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { DiaryImport } from '../types';

/** Writes the confirmed rows; `choices` are the user's picks (igdbID null leaves a row out). */
export function confirmImport(importId: number, choices: { line: number; igdbID: number | null }[]) {
  return apiFetch<DiaryImport>(apiPaths.user.confirmImport(importId), { method: 'POST', json: { choices } });
}
