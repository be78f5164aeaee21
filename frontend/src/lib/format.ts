const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** dd-MM-yyyy; plain YYYY-MM-DD dates are read without time-zone shifts. Empty text when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return `${dateOnly[3]}-${dateOnly[2]}-${dateOnly[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** A score as a number, reading texts such as '85/100'; null when missing or not a number. */
export function toScore(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number =
    typeof value === 'number' ? value : Number.parseFloat(value.replace('/100', '').replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** The score to show: 'S/P' (sin puntuación) for a missing or zero score. */
export function formatScore(value: number | string | null | undefined): string {
  const score = toScore(value);
  if (score === null || score === 0) return 'S/P';
  return String(Math.round(score));
}

export type ScoreClass = 'high' | 'medium' | 'low' | 'null';

export function scoreClass(value: number | string | null | undefined): ScoreClass {
  const score = toScore(value);
  if (score === null) return 'null';
  if (score >= 85) return 'high';
  if (score >= 50) return 'medium';
  if (score > 0) return 'low';
  return 'null';
}

/** Lower-case, accents removed, every run of other characters turned into one hyphen, trimmed. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Platforms arrive as an array or as a comma-separated text. */
export function normalizePlatforms(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((name) => name.trim()).filter(Boolean);
}
