import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ImportScoreScale } from '@veredicto/contract';
import type { DiaryImport } from '../../../lib/types';

/**
 * Writes the confirmed rows; `choices` are the user's picks (igdbID null leaves a row out), `ratingScale`
 * the scale of the file's scores when the preview asked it.
 */
export function confirmImport(
  importId: number,
  choices: { line: number; igdbID: number | null }[],
  ratingScale: ImportScoreScale | null,
) {
  return apiFetch<DiaryImport>(apiPaths.user.confirmImport(importId), {
    method: 'POST',
    json: ratingScale ? { choices, ratingScale } : { choices },
  });
}
