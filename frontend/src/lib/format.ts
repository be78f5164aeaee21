// Dates, scores, slugs and cuts follow the contract shared with the back end, so the API's pages and the front agree.
export {
  formatDate,
  formatReleaseDate,
  formatScore,
  releaseYear,
  scoreClass,
  slugify,
  toScore,
  truncate,
  type ReleaseDatePrecision,
  type ScoreClass,
} from '@veredicto/contract';

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Platforms arrive as an array or as a comma-separated text. */
export function normalizePlatforms(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((name) => name.trim()).filter(Boolean);
}
