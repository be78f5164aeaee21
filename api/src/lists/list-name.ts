export const LIST_NAME_MAX_LENGTH = 60;

/**
 * The stored form of a list name: trimmed, inner runs of whitespace collapsed, first letter capitalised
 * (spec section 5); the rest is kept as typed. Null when nothing is left.
 */
export function normalizeListName(name: string): string | null {
  const collapsed = name.trim().replace(/\s+/g, ' ');
  if (!collapsed) return null;
  const [first, ...rest] = collapsed;
  return first.toLocaleUpperCase('es') + rest.join('');
}
