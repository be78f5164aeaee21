/**
 * Fidelity report of the article extractors on real saved pages (test/fixtures/real, issue 30): per-field
 * accuracy (title, date, outlet, image, first paragraph) of Veredicto's extractor and of the well-kept
 * libraries that do the same job, on the same pages, split by language (the Spanish-language press of Spain
 * and Latin America, and the rest) and by the corpus split (pages looked at while tuning, and held-out
 * pages nobody tuned on).
 *
 *   npm run build:server && npm run bench:fidelity
 *
 * Compared: @extractus/article-extractor (extractFromHtml), @mozilla/readability on jsdom, and
 * Veredicto's extractor with its date parser swapped for chrono-node (Spanish and English parsers, by the
 * page's language). Figures go to docs/SCRAPING.md (set WRITE_DOC=0 to only print them).
 */
import { extractFromHtml } from '@extractus/article-extractor';
import { Readability } from '@mozilla/readability';
import { load } from 'cheerio';
import * as chrono from 'chrono-node';
import { readFileSync, writeFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { collapseWhitespace } from '@veredicto/scraping/html/html-text.js';
import { dateCandidates, readPage } from '@veredicto/scraping/html/page-metadata.js';
import { extractArticle } from '@veredicto/scraping/news/extract-article.js';
import { readReviewPage } from '@veredicto/scraping/reviews/extract-reviews.js';
import {
  REAL_FIELDS,
  loadRealCorpus,
  loadReviewPages,
  overall,
  realPercent,
  scoreReal,
  type RealFields,
  type RealPage,
  type RealScores,
} from './fidelity/real-corpus.js';

type Extractor = (html: string, page: RealPage) => RealFields | Promise<RealFields>;

const savedAt = (page: RealPage): Date | undefined => (page.savedAt ? new Date(page.savedAt) : undefined);

const veredicto: Extractor = (html, page) => {
  const article = extractArticle(html, page.url, { now: savedAt(page) });
  return {
    title: article.title,
    date: article.publicationDate,
    outlet: article.medium,
    image: article.image,
    firstParagraph: article.description,
  };
};

/** Veredicto's fields, with the date read by chrono-node from the same candidate texts. */
const veredictoWithChrono: Extractor = (html, page) => {
  const fields = veredicto(html, page) as RealFields;
  const context = readPage(html, page.url, { now: savedAt(page) });
  const reference = savedAt(page) ?? new Date();
  const parser = context.locale?.toLowerCase().startsWith('es')
    ? chrono.es
    : /^en[-_](gb|ie|au|nz|in|za)$/i.test(context.locale ?? '')
      ? chrono.en.GB
      : chrono.en;
  let date: string | null = null;
  for (const candidate of dateCandidates(context, null)) {
    const parsed = parser.parseDate(candidate, reference);
    if (parsed) {
      date = parsed.toISOString();
      break;
    }
  }
  return { ...fields, date };
};

const articleExtractor: Extractor = async (html, page) => {
  const article = await extractFromHtml(html, page.url);
  return {
    title: article?.title ?? '',
    date: isoInstant(article?.published),
    outlet: article?.source ?? '',
    image: article?.image ?? null,
    firstParagraph: firstParagraph(article?.content ?? ''),
  };
};

const readability: Extractor = (html, page) => {
  // Pages' own scripts and styles are not run; their parse warnings are noise here.
  // jsdom's CSS parser throws on some real pages' style sheets, which Readability does not read.
  const withoutStyles = html.replace(/<style\b[\s\S]*?<\/style>/gi, '');
  const dom = new JSDOM(withoutStyles, { url: page.url || undefined, virtualConsole: new VirtualConsole() });
  const article = new Readability(dom.window.document).parse();
  return {
    title: article?.title ?? '',
    date: isoInstant(article?.publishedTime),
    outlet: article?.siteName ?? '',
    // Readability does not pick a lead image.
    image: null,
    firstParagraph: firstParagraph(article?.content ?? ''),
  };
};

function isoInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The first paragraph of an extracted body that is long enough to be text (as Veredicto's rule). */
function firstParagraph(content: string): string {
  const $ = load(content);
  return (
    $('p')
      .toArray()
      .map((element) => collapseWhitespace($(element).text()))
      .find((text) => text.length >= 40) ?? ''
  );
}

const EXTRACTORS: [string, Extractor][] = [
  ['Veredicto (cheerio, own rules)', veredicto],
  ['Veredicto + chrono-node dates', veredictoWithChrono],
  ['@extractus/article-extractor 9', articleExtractor],
  ['@mozilla/readability 0.6 (jsdom)', readability],
];

const corpus = loadRealCorpus();
type Reading = { page: RealPage; actual: RealFields };
const readings = new Map<string, Reading[]>();
for (const [name, extract] of EXTRACTORS) {
  const list: Reading[] = [];
  for (const { page, html } of corpus) list.push({ page, actual: await extract(html, page) });
  readings.set(name, list);
}
const groups: [string, (page: RealPage) => boolean][] = [
  ['Spanish-language pages', (page) => page.language === 'es'],
  ['other pages', (page) => page.language !== 'es'],
  ['tuning split', (page) => page.split === 'tuning'],
  ['held-out split', (page) => page.split === 'held-out'],
];

const cell = (scores: RealScores, field: (typeof REAL_FIELDS)[number]): string =>
  `${realPercent(scores[field])} % (${scores[field].right}/${scores[field].total})`;
const sections: string[] = [];
const misses: string[] = [];
for (const [groupName, inGroup] of groups) {
  const rows: string[] = [];
  let size = 0;
  for (const [name] of EXTRACTORS) {
    const group = (readings.get(name) ?? []).filter(({ page }) => inGroup(page));
    size = group.length;
    const scores = scoreReal(group);
    const all = overall(scores);
    rows.push(
      `| ${name} | ${REAL_FIELDS.map((field) => cell(scores, field)).join(' | ')} | **${realPercent(all)} %** (${all.right}/${all.total}) |`,
    );
    if (
      name.startsWith('Veredicto (') &&
      (groupName === 'Spanish-language pages' || groupName === 'other pages')
    ) {
      for (const field of REAL_FIELDS) {
        if (scores[field].wrong.length)
          misses.push(`- ${groupName}, ${field}: ${scores[field].wrong.join(', ')}`);
      }
    }
  }
  sections.push(
    `**${groupName}** (${size} pages)\n\n| extractor | ${REAL_FIELDS.join(' | ')} | all fields |\n|${' --- |'.repeat(REAL_FIELDS.length + 2)}\n${rows.join('\n')}`,
  );
}
const spanish = corpus.filter(({ page }) => page.language === 'es').length;

// Review pages (Metacritic as saved by other projects): each expected critic review's outlet, score, quote
// and date, and the reviews read that the page does not hold (a player's score, the page's own Metascore).
const reviewRows: string[] = [];
for (const { page, html } of loadReviewPages()) {
  const { reviews } = readReviewPage(html, page.url);
  const expected = page.expected;
  const count = (right: (index: number) => boolean) =>
    `${Array.from({ length: expected.reviews }, (_, index) => index).filter(right).length}/${expected.reviews}`;
  const at = (index: number) => reviews[index];
  reviewRows.push(
    `| ${page.file.replace(/^pages\/|\.html\.gz$/g, '')} | ${count((i) => at(i)?.outlet === expected.outlets?.[i])} | ${count((i) => at(i)?.rating === expected.ratings?.[i])} | ${count((i) => Boolean(at(i)?.snippet?.startsWith(expected.quoteStarts?.[i] ?? '∅')))} | ${count((i) => at(i)?.publishedAt?.slice(0, 10) === expected.date)} | ${Math.max(0, reviews.length - expected.reviews)} |`,
  );
}
const reviewSection = `**Review pages** (${reviewRows.length} saved Metacritic pages)\n\n| page | outlet | score | quote | date | false reviews |\n| --- | --- | --- | --- | --- | --- |\n${reviewRows.join('\n')}`;
const report = `Corpus: ${corpus.length} real saved pages (${spanish} Spanish-language), test/fixtures/real; a field is scored only on the pages whose reader settled it (right/scored in brackets).\n\n${sections.join('\n\n')}\n\n${reviewSection}\n\nFields Veredicto got wrong, by page:\n\n${misses.join('\n')}\n`;
console.log(report);

if (process.env.WRITE_DOC !== '0') {
  const doc = new URL('../../docs/SCRAPING.md', import.meta.url);
  const begin = '<!-- fidelity:begin -->';
  const end = '<!-- fidelity:end -->';
  const text = readFileSync(doc, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) {
    writeFileSync(doc, `${text.slice(0, from + begin.length)}\n${report}${text.slice(to)}`);
    console.log('docs/SCRAPING.md updated');
  }
}
