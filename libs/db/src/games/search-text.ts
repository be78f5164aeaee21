import { slugify as slugifyText } from '@veredicto/contract';

/**
 * The one normalisation used for the search column and for queries: lower case, accents removed
 * (NFKD), '&' read as 'and', apostrophes dropped, every other run of non-alphanumerics one space.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The contract's slug rule (libs/contract), with a fallback so that a stored slug is never empty. */
export function slugify(text: string): string {
  return slugifyText(text) || 'sin-titulo';
}
