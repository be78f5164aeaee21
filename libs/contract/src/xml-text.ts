/**
 * The characters XML 1.0 forbids (section 2.2): C0 controls but tab, line feed and carriage return,
 * U+FFFE and U+FFFF, and a surrogate without its pair. One in a stored title makes every feed that shows it
 * invalid XML, and readers then reject the whole feed; text from outside loses them before it is stored.
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

export const stripXmlForbidden = (text: string): string => text.replace(XML_FORBIDDEN, '');
