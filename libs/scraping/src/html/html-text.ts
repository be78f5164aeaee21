import { load, type Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { stripXmlForbidden } from '@veredicto/contract';

// Text helpers of the HTML toolkit that the news and review extractors share.

/** Elements whose end separates words, so 'a</p><p>b' reads 'a b' and not 'ab'. */
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const SILENT_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object']);

/**
 * Collapses every run of whitespace (including non-breaking and zero-width spaces) into one space, and drops
 * the characters XML 1.0 forbids (a `&#1;` in a page would otherwise reach the feeds).
 */
export function collapseWhitespace(text: string): string {
  return stripXmlForbidden(text)
    .replace(/[\u200b-\u200d\ufeff\u00ad]/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Plain text of elements: entities decoded, tags stripped, block boundaries kept as spaces. */
export function elementText(elements: Cheerio<AnyNode>): string {
  const parts: string[] = [];
  elements.each((_index, node) => collectText(node, parts));
  return collapseWhitespace(parts.join(''));
}

/** Unicode's paragraph separator: never in a page's own text nodes in practice, unlike '\n'. */
const LINE_BREAK = '\u2029';
/** Unicode's line separator, likewise: marks where an inline element starts or ends within a line. */
const PIECE_BREAK = '\u2028';

/** A line of visible text, and the texts of the elements it is made of ('Texto' and 'Inglés' in a spec box). */
export interface TextLine {
  text: string;
  pieces: string[];
}

/**
 * The visible text of elements as lines: each block element (paragraph, list item, cell, line break)
 * starts a new one, so 'Textos: español' and 'Voces: inglés' in two list items stay two statements.
 * A line's pieces are split where inline elements start and end, so a label and its value written
 * as '<span>Texto</span><span>Inglés</span>' can be read apart although the line reads 'TextoInglés'.
 */
export function elementLines(elements: Cheerio<AnyNode>): TextLine[] {
  const parts: string[] = [];
  elements.each((_index, node) => collectText(node, parts, LINE_BREAK, PIECE_BREAK));
  return parts
    .join('')
    .split(LINE_BREAK)
    .map((line) => ({
      text: collapseWhitespace(line.split(PIECE_BREAK).join('')),
      pieces: line
        .split(PIECE_BREAK)
        .map(collapseWhitespace)
        .filter((piece) => piece !== ''),
    }))
    .filter((line) => line.text !== '');
}

function collectText(node: AnyNode, parts: string[], boundary = ' ', pieceBoundary = ''): void {
  if (node.type === 'text') {
    parts.push(node.data);
    return;
  }
  if (node.type !== 'tag' && node.type !== 'root') return;
  if (node.type === 'tag' && SILENT_ELEMENTS.has(node.name)) return;
  const edge = node.type === 'tag' ? (BLOCK_ELEMENTS.has(node.name) ? boundary : pieceBoundary) : '';
  parts.push(edge);
  for (const child of node.children) collectText(child, parts, boundary, pieceBoundary);
  parts.push(edge);
}

/**
 * Plain text of a string that came from an attribute or JSON-LD. Publishers put markup and
 * (double-)encoded entities there ('Caf&amp;eacute;', '<p>Texto</p>'), so anything that looks like
 * either goes through the HTML parser once more.
 */
export function htmlToText(value: string): string {
  if (!/[<&]/.test(value)) return collapseWhitespace(value);
  const $ = load(value, null, false);
  return elementText($.root());
}

/** Lower case, accents and punctuation removed: for comparing names ('HobbyConsolas' vs 'hobbyconsolas.com'). */
export function comparableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Cuts long text at a word boundary, so a full review body can serve as a snippet. */
export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
