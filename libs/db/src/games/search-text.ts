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

/** Spec slug rule: lower case, accents removed, non-alphanumeric runs → one hyphen, trimmed. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'sin-titulo';
}
