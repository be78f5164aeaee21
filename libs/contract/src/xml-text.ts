/**
 * Whether XML 1.0 allows a code point (section 2.2): not the C0 controls but tab, line feed and carriage
 * return, not U+FFFE and U+FFFF, and not a surrogate without its pair.
 */
const allowedInXml = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/**
 * The text without what XML 1.0 forbids. One such character in a stored title makes every feed that shows
 * it invalid XML, and readers then reject the whole feed; text from outside loses them before it is stored.
 */
export function stripXmlForbidden(text: string): string {
  const characters = Array.from(text);
  return characters.every((character) => allowedInXml(character.codePointAt(0)!))
    ? text
    : characters.filter((character) => allowedInXml(character.codePointAt(0)!)).join('');
}
