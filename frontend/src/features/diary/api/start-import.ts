import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { DiaryImport, DiaryImportSource } from '../../../lib/types';

/** Uploads a file to import; the answer's rows fill in once the matching job has run. */
export function startImport(file: File, source?: DiaryImportSource) {
  const form = new FormData();
  form.append('file', file);
  if (source) form.append('source', source);
  return apiFetch<DiaryImport>(apiPaths.user.import(), { method: 'POST', multipart: form });
}
