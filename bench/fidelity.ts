/**
 * Fidelity report of the article extractors on the saved corpus (test/fixtures/corpus, issue 16):
 * per-field accuracy (title, date, outlet, image, first paragraph) of Veredicto's extractor and of the
 * well-kept libraries that do the same job, on the same pages.
 *
 *   npm run build:server && npm run bench:fidelity
 *
 * Compared: @extractus/article-extractor (extractFromHtml), @mozilla/readability on jsdom, and
 * Veredicto's extractor with its date parser swapped for chrono-node (Spanish and English parsers, by the
 * page's language). metascraper is not compared: its helpers depend on `re2`, a native addon that
 * downloads a prebuilt binary at install, which these machines cannot do. Figures go to
 * docs/SCRAPING.md (set WRITE_DOC=0 to only print them).
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
import {
  FIELDS,
  loadCorpus,
  percent,
  scoreCorpus,
  type CorpusPage,
  type ExtractedFields,
  type Field,
  type FieldScore,
} from './fidelity/corpus.js';

type Extractor = (html: string, page: CorpusPage) => ExtractedFields | Promise<ExtractedFields>;

const veredicto: Extractor = (html, page) => {
  const article = extractArticle(html, page.url, { now: new Date(page.savedAt) });
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
  const fields = veredicto(html, page) as ExtractedFields;
  const context = readPage(html, page.url, { now: new Date(page.savedAt) });
  const parser = context.locale?.toLowerCase().startsWith('es')
    ? chrono.es
    : /^en[-_](gb|ie|au|nz|in|za)$/i.test(context.locale ?? '')
      ? chrono.en.GB
      : chrono.en;
  let date: string | null = null;
  for (const candidate of dateCandidates(context, null)) {
    const parsed = parser.parseDate(candidate, new Date(page.savedAt));
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
    date: isoDay(article?.published),
    outlet: article?.source ?? '',
    image: article?.image ?? null,
    firstParagraph: firstParagraph(article?.content ?? ''),
  };
};

const readability: Extractor = (html, page) => {
  // Pages' own scripts and styles are not run; their parse warnings are noise here.
  const dom = new JSDOM(html, { url: page.url, virtualConsole: new VirtualConsole() });
  const article = new Readability(dom.window.document).parse();
  return {
    title: article?.title ?? '',
    date: isoDay(article?.publishedTime),
    outlet: article?.siteName ?? '',
    // Readability does not pick a lead image.
    image: null,
    firstParagraph: firstParagraph(article?.content ?? ''),
  };
};

function isoDay(value: string | null | undefined): string | null {
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

const corpus = loadCorpus();
const spanish = corpus.filter(({ page }) => page.language === 'es');
const rows: { name: string; all: Record<Field, FieldScore>; es: Record<Field, FieldScore> }[] = [];
for (const [name, extract] of EXTRACTORS) {
  rows.push({ name, all: await scoreCorpus(corpus, extract), es: await scoreCorpus(spanish, extract) });
}

const header = `| extractor | ${FIELDS.join(' | ')} | Spanish pages: date | Spanish pages: first paragraph |`;
const table = [
  header,
  `|${' --- |'.repeat(FIELDS.length + 3)}`,
  ...rows.map(
    ({ name, all, es }) =>
      `| ${name} | ${FIELDS.map((field) => `${percent(all[field])} %`).join(' | ')} | ${percent(es.date)} % | ${percent(es.firstParagraph)} % |`,
  ),
].join('\n');
const misses = rows
  .map(({ name, all }) => {
    const fields = FIELDS.filter(
      (field) => all[field].wrong.length > 0 && all[field].wrong.length < corpus.length,
    );
    const lines = fields.map((field) => `  - ${field}: ${all[field].wrong.join(', ')}`);
    return `- ${name}: ${lines.length ? `\n${lines.join('\n')}` : 'none'}`;
  })
  .join('\n');
const report = `Corpus: ${corpus.length} saved pages (${spanish.length} Spanish), test/fixtures/corpus.\n\n${table}\n\nPages each got wrong (fields wrong on every page left out):\n\n${misses}\n`;
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
