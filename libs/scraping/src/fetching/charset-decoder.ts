import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

export type CharsetSource = 'bom' | 'content-type' | 'meta' | 'xml-declaration' | 'sniffed';

export interface DetectedCharset {
  /** An iconv-lite encoding name. */
  charset: string;
  source: CharsetSource;
}

/** Browsers read `<meta charset>` within the first 1024 bytes; a little more tolerates long `<head>` openings. */
const PRESCAN_BYTES = 4096;

/**
 * Labels browsers decode differently from what they say: per the WHATWG Encoding standard, latin1 and
 * ASCII labels mean windows-1252 (a superset that also maps 0x80-0x9f, where Spanish pages put “” and €).
 */
const LABEL_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  iso8859_1: 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  utf8: 'utf-8',
  'unicode-1-1-utf-8': 'utf-8',
};

/**
 * Follows the HTML encoding sniffing order: a byte order mark wins (it cannot lie about the bytes that
 * follow), then the Content-Type charset, then `<meta charset>` / `http-equiv` (or the XML declaration
 * of a feed), and finally UTF-8 when the bytes are valid UTF-8, else windows-1252.
 */
export function detectCharset(body: Buffer, contentType: string | null | undefined): DetectedCharset {
  const bom = charsetFromBom(body);
  if (bom) return { charset: bom, source: 'bom' };

  const declared = contentType ? /charset\s*=\s*["']?([^"';,\s]+)/i.exec(contentType)?.[1] : undefined;
  const fromHeader = supportedCharset(declared);
  if (fromHeader) return { charset: fromHeader, source: 'content-type' };

  const head = body.subarray(0, PRESCAN_BYTES).toString('latin1');
  const xmlEncoding = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  const fromXml = supportedCharset(xmlEncoding);
  if (fromXml) return { charset: fromXml, source: 'xml-declaration' };

  const metaLabel = /<meta\s[^>]*?charset\s*=\s*["']?\s*([^"'\s;/>]+)/i.exec(head)?.[1];
  // A page cannot really be UTF-16 if its ASCII-compatible <meta> was readable: browsers then use UTF-8.
  const fromMeta = supportedCharset(metaLabel)?.replace(/^utf-16(le|be)?$/, 'utf-8');
  if (fromMeta) return { charset: fromMeta, source: 'meta' };

  return { charset: isUtf8(body) ? 'utf-8' : 'windows-1252', source: 'sniffed' };
}

export function decodeBody(body: Buffer, contentType: string | null | undefined): string {
  return iconv.decode(body, detectCharset(body, contentType).charset);
}

function charsetFromBom(body: Buffer): string | null {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function supportedCharset(label: string | undefined): string | null {
  if (!label) return null;
  const normalised = label.trim().toLowerCase();
  const charset = LABEL_ALIASES[normalised] ?? normalised;
  return iconv.encodingExists(charset) ? charset : null;
}
