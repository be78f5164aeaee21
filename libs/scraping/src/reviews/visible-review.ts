import type { Element } from 'domhandler';
import { collapseWhitespace, elementText } from '../html/html-text.js';
import {
  findMainContent,
  hasNamePiece,
  isBoilerplateName,
  paragraphTexts,
  removeBoilerplate,
} from '../html/main-content.js';
import {
  canonicalLink,
  metaText,
  publicationDate,
  siteLogo,
  siteName,
  type PageContext,
} from '../html/page-metadata.js';
import {
  cleanAuthor,
  reviewScore,
  snippetOf,
  UNSCORED,
  type ExtractedReview,
  type ReviewScore,
} from './extracted-review.js';
import { SCORE_PIECES, USER_SCORE_PIECES } from './review-cards.js';

/** A player-score badge says so in its label ('User score 8.4 out of 10'): it is never the outlet's score. */
const USER_SCORE_LABEL =
  /user ?score|puntuaci[oó]n de (los )?(usuarios|jugadores|lectores)|nota de (los )?(usuarios|jugadores|lectores)/i;

/** A verdict box's score element is short: '8,5', '8,5/10', 'Nota: 9', 'B+'. */
const MAX_SCORE_TEXT = 24;
/** A verdict box holds a score, a few words and perhaps a summary paragraph, never a whole article. */
const MAX_BOX_TEXT = 1500;
/** 'Nota: 8,5', 'Puntuación final: 85', 'Our score: 8/10', 'Grade: B+' in running text. */
const LABELLED_SCORE =
  /\b(?:nota final|nuestra nota|nota|puntuaci[oó]n final|puntuaci[oó]n|calificaci[oó]n|valoraci[oó]n final|valoraci[oó]n|veredicto|our score|final score|review score|score|our rating|final rating|verdict)\s*:?\s*(\d{1,3}(?:[.,]\d{1,2})?(?:\s*(?:\/|de|sobre|out of)\s*\d{1,3})?\s*%?)(?![\d.,]*\d)/iu;
const LABELLED_GRADE = /\b(?:grade|calificaci[oó]n|nota)\s*:\s*([A-DF][+\-−]?)(?![\p{L}\d])/iu;
/** A leading label in a score box ('Nota final 8,5', 'Grade: B+') is not part of the score. */
const SCORE_LABEL = /^[\p{L}\s]+?\s*[:\-–]?\s*(?=\d|[A-DF][+\-−]?$)/u;
/** Pages that are reviews even without a score: their titles say so. */
const REVIEW_TITLE = /(^|[^\p{L}])(an[aá]lisis|review|rese[nñ]a|cr[ií]tica)([^\p{L}]|$)/iu;
const PLATFORM_LABEL =
  /^(?:versi[oó]n analizada|plataforma analizada|analizado en|versi[oó]n probada|reviewed on|played on|platform reviewed)\s*:?\s*(.{2,60})$/i;
const PLATFORM_LIST_LABEL = /^(?:plataformas?|platforms?)\s*:\s*(.{2,60})$/i;
const PLATFORM_LABEL_START = /^(versi[oó]n|plataforma|analizado|reviewed|played|platform)/i;
const BYLINE_SELECTORS = [
  '[rel~="author"]',
  '[itemprop="author"]',
  '.author-name',
  '.author__name',
  '.byline__name',
  '.byline',
  '.autor',
  '.author',
  '.firma',
].join(', ');

/**
 * The review an outlet's own page shows without structured data: the site is the outlet, the score
 * comes from a verdict box or a 'Nota: 8,5' line. Null when the page shows no score and does not call
 * itself a review. Removes boilerplate from the page, so it runs after the other readers.
 */
export function visibleReview(page: PageContext): ExtractedReview | null {
  const score = verdictBoxScore(page);
  const author = pageAuthor(page);
  const platform = reviewedPlatform(page);
  const title = metaText(page, 'og:title') ?? elementText(page.$('title').first());

  removeBoilerplate(page.$);
  const content = findMainContent(page.$);
  const found = score ?? labelledScore(page, content);
  if (!found && !REVIEW_TITLE.test(title)) return null;
  const [firstParagraph] = paragraphTexts(page.$, content ?? page.$('body'));

  return {
    outlet: siteName(page),
    logo: siteLogo(page),
    author,
    ...(found ?? UNSCORED),
    snippet: snippetOf(
      metaText(page, 'og:description', 'description', 'twitter:description') ?? firstParagraph,
    ),
    link: canonicalLink(page),
    platform,
    publishedAt: publicationDate(page, content),
  };
}

/** The score in the first element named like a score box (nota, puntuacion, score, verdict...). */
function verdictBoxScore(page: PageContext): ReviewScore | null {
  const { $ } = page;
  const boxes = $('body [class], body [id]')
    .toArray()
    .filter(
      (element) =>
        !['main', 'article'].includes(element.name) &&
        hasNamePiece(element, SCORE_PIECES) &&
        ![element, ...$(element).parents().toArray()].some(
          (node) => hasNamePiece(node, USER_SCORE_PIECES) || labelledAsUserScore(node),
        ) &&
        !inBoilerplate(element),
    );
  for (const box of boxes) {
    // A box holding most of the page is a wrapper that happens to be named 'rating-page' or so.
    if (elementText($(box)).length > MAX_BOX_TEXT) continue;
    if ($(box).find('[aria-label], [title]').toArray().some(labelledAsUserScore)) continue;
    const elements = [box, ...$(box).find('*').toArray()].filter((element) => !inBoilerplate(element));
    for (const element of elements) {
      const text = elementText($(element));
      if (!text || text.length > MAX_SCORE_TEXT) continue;
      const score = reviewScore(compactScore(text));
      if (score.scale !== null) return score;
    }
  }
  return null;
}

function labelledAsUserScore(element: Element): boolean {
  return USER_SCORE_LABEL.test(element.attribs['aria-label'] ?? element.attribs.title ?? '');
}

/** A 'Nota: 8,5' line in the article, when no box is named like a score. */
function labelledScore(page: PageContext, content: ReturnType<typeof findMainContent>): ReviewScore | null {
  const text = elementText(content ?? page.$('body'));
  const match = LABELLED_SCORE.exec(text) ?? LABELLED_GRADE.exec(text);
  if (!match) return null;
  const score = reviewScore(compactScore(match[1]));
  return score.scale !== null ? score : null;
}

/** '8,5 / 10' reads '8,5/10'; 'Nota final 8,5' reads '8,5'. */
function compactScore(text: string): string {
  return collapseWhitespace(text.replace(SCORE_LABEL, '')).replace(/\s*\/\s*/g, '/');
}

/** The critic: meta author, article:author when it is a name and not a profile URL, else the byline. */
function pageAuthor(page: PageContext): string | null {
  const site = siteName(page).toLowerCase();
  const fromMeta = [
    metaText(page, 'author'),
    metaText(page, 'article:author'),
    metaText(page, 'twitter:creator'),
  ]
    .map((name) => cleanAuthor(name))
    .find((name) => name && !/^https?:|^@/.test(name) && name.toLowerCase() !== site);
  if (fromMeta) return fromMeta;
  const { $ } = page;
  for (const element of $(BYLINE_SELECTORS).toArray()) {
    // A byline often goes on with the date: 'Por Ana García | 12 de marzo de 2025'.
    const name = cleanAuthor(elementText($(element)).split(/\s+[|·•,–—]\s+|\s+-\s+/)[0]);
    if (name && name.length <= 60 && name.toLowerCase() !== site) return name;
  }
  return null;
}

/** 'Versión analizada: PS5' (the platform played) before 'Plataformas: PC, PS5' (all of the game's). */
function reviewedPlatform(page: PageContext): string | null {
  const { $ } = page;
  const texts: string[] = [];
  // Start from the elements whose own text is a label, then read it with what follows it: the rest of
  // its parent ('<li><b>Versión analizada:</b> PS5</li>') or the next cell ('<dt>Reviewed on</dt><dd>').
  for (const element of $('body *').toArray()) {
    const ownText = collapseWhitespace(
      element.children.map((child) => (child.type === 'text' ? child.data : '')).join(''),
    );
    if (!PLATFORM_LABEL_START.test(ownText) || inBoilerplate(element)) continue;
    const next = $(element).next();
    texts.push(elementText($(element)), elementText($(element).parent()));
    if (next.length) texts.push(`${elementText($(element))}: ${elementText(next)}`);
  }
  for (const label of [PLATFORM_LABEL, PLATFORM_LIST_LABEL]) {
    for (const text of texts) {
      const match = text.length <= 80 ? label.exec(text) : null;
      if (match) return match[1].replace(/[.;]$/, '').trim();
    }
  }
  return null;
}

/** Inside navigation, page headers, footers, related boxes, comments or ads (asides stay: verdicts live there). */
function inBoilerplate(element: Element): boolean {
  const chain: Element[] = [];
  for (let node: Element | null = element; node; node = node.parent?.type === 'tag' ? node.parent : null) {
    chain.push(node);
  }
  const inArticle = chain.some((node) => node.name === 'article');
  return chain.some(
    (node) =>
      node.name === 'nav' ||
      node.name === 'footer' ||
      (node.name === 'header' && !inArticle) ||
      isBoilerplateName(node),
  );
}
