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

// Scores, slugs and cuts follow the contract shared with the back end, so the API's pages and the front agree.
export { formatScore, scoreClass, slugify, toScore, truncate, type ScoreClass } from '@veredicto/contract';

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Platforms arrive as an array or as a comma-separated text. */
export function normalizePlatforms(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((name) => name.trim()).filter(Boolean);
}
