import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { DiaryImport, ImportConfirmation, ImportScoreScale } from '../../../lib/types';

/**
 * Writes the confirmed rows; `choices` are the user's picks (igdbID null leaves a row out), `ratingScale`
 * the scale of the file's scores when the preview asked it.
 */
export function confirmImport(
  importId: number,
  choices: NonNullable<ImportConfirmation['choices']>,
  ratingScale: ImportScoreScale | null,
) {
  const body: ImportConfirmation = ratingScale ? { choices, ratingScale } : { choices };
  return apiFetch<DiaryImport>(apiPaths.user.confirmImport(importId), {
    method: 'POST',
    json: body,
  });
}
