import type { JobStatus } from '../../lib/types';

const STATE_LABELS: Record<string, string> = {
  waiting: 'en cola',
  'waiting-children': 'en espera',
  prioritized: 'en cola',
  delayed: 'aplazado',
  active: 'en curso',
  completed: 'completado',
  failed: 'fallido',
  unknown: 'desconocido',
};

const FIELD_LABELS: Record<string, string> = {
  reviewsImported: 'críticas importadas',
  reviews: 'críticas importadas',
  gamesImported: 'juegos importados',
  games: 'juegos importados',
  gamesUpdated: 'juegos actualizados',
  newsImported: 'noticias importadas',
  articles: 'noticias importadas',
  imported: 'importados',
  sources: 'fuentes',
  sourcesProcessed: 'fuentes procesadas',
  processed: 'procesados',
  skipped: 'omitidos',
  failed: 'con error',
  errors: 'errores',
  total: 'total',
  done: 'hechos',
  newID: 'ID de la noticia',
  newsId: 'ID de la noticia',
  step: 'paso',
};

/** Progress or result of a job as Spanish text: a percentage, a message, or 'label: value' pairs. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return `${value} %`;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return '';
  if (Array.isArray(value)) return value.map(describeValue).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) return record.message;
    return Object.entries(record)
      .filter(([, entry]) => typeof entry === 'number' || typeof entry === 'string')
      .map(([key, entry]) => `${FIELD_LABELS[key] ?? key}: ${String(entry)}`)
      .join(', ');
  }
  return '';
}

/** e.g. 'Estado: completado — críticas importadas: 12'. */
export function describeJob(
  status: Pick<JobStatus, 'state' | 'progress' | 'result' | 'failedReason'>,
): string {
  const state = `Estado: ${STATE_LABELS[status.state] ?? status.state}`;
  let detail: string;
  if (status.state === 'failed') detail = status.failedReason ?? '';
  else if (status.state === 'completed')
    detail = describeValue(status.result) || describeValue(status.progress);
  else detail = describeValue(status.progress);
  return detail ? `${state} — ${detail}` : state;
}
