/**
 * The slug rule of the spec, shared by the stored slugs, the front's links and the browser tests: lower case,
 * accents removed (NFKD), every run of other characters one hyphen, trimmed. Empty for a text with no letters
 * or digits.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
