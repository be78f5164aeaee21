import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { collapseWhitespace, comparableText } from '@veredicto/scraping/html/html-text.js';

/**
 * The real-page fidelity corpus (test/fixtures/real, issue 30): pages saved by other projects (article
 * extractors' test fixtures), each with its provenance and what a reader finds on it (manifest.json).
 * A field left out of a page's `expected` was not annotated (the page does not settle it) and is not scored.
 */
export interface RealPage {
  /** pages/<id>.html.gz, relative to the manifest. */
  file: string;
  url: string;
  /** The page's language ('es' for the Spanish-language press of Spain and Latin America). */
  language: string;
  /** The outlet's own time zone: the day a page was published is read there. */
  timeZone: string;
  /** When the page was saved, when its source records it ('hace 2 horas' counts from it). */
  savedAt?: string;
  /** 'tuning' pages may be looked at while changing the extractor; 'held-out' pages only measure it. */
  split: 'tuning' | 'held-out';
  source: { repository: string; path: string; commit: string };
  expected: RealExpected;
}

export interface RealExpected {
  /** The headline as the page shows it (its h1) and as it declares it (og:title): either is right. */
  title?: string[];
  /** The day of publication in the outlet's zone (YYYY-MM-DD), or null when the page gives none. */
  date?: string | null;
  /** The outlet's names as it calls itself (any one is right). */
  outlet?: string[];
  image?: string | null;
  /** The starts of the acceptable first paragraphs: the article's first body paragraph, and its standfirst. */
  firstParagraph?: string[];
}

/** What an extractor returns, field by field. */
export interface RealFields {
  title: string;
  /** ISO 8601 instant. */
  date: string | null;
  outlet: string;
  image: string | null;
  firstParagraph: string;
}

export const REAL_FIELDS = ['title', 'date', 'outlet', 'image', 'firstParagraph'] as const;
export type RealField = (typeof REAL_FIELDS)[number];

/** From dist/bench/fidelity/ the fixtures are one level further up than from bench/fidelity/. */
function corpusRoot(): URL {
  return import.meta.url.includes('/dist/')
    ? new URL('../../../test/fixtures/real/', import.meta.url)
    : new URL('../../test/fixtures/real/', import.meta.url);
}

export function loadRealCorpus(root: URL = corpusRoot()): { page: RealPage; html: string }[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as { pages: RealPage[] };
  return manifest.pages.map((page) => ({
    page,
    html: gunzipSync(readFileSync(new URL(page.file, root))).toString('utf8'),
  }));
}

/** The calendar day of an instant in a zone; a bare date (midnight UTC) is its own day. */
export function dayIn(instant: string, timeZone: string): string {
  if (/T00:00:00(\.000)?Z$/.test(instant)) return instant.slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));
}

/** Titles compared as text, typographic and straight quotes alike. */
function sameTitle(expected: string, actual: string): boolean {
  const plain = (text: string) => collapseWhitespace(text).replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
  return plain(expected) === plain(actual);
}

function sameUrl(expected: string | null, actual: string | null): boolean {
  if (expected === null || actual === null) return expected === actual;
  try {
    return new URL(expected).href === new URL(actual).href;
  } catch {
    return expected === actual;
  }
}

/** Whether an extracted field is right; undefined when the page does not score that field. */
export function realFieldIsRight(field: RealField, page: RealPage, actual: RealFields): boolean | undefined {
  const expected = page.expected[field];
  if (expected === undefined) return undefined;
  switch (field) {
    case 'title':
      return (page.expected.title ?? []).some((title) => sameTitle(title, actual.title ?? ''));
    case 'date':
      if (page.expected.date === null) return actual.date === null;
      return actual.date !== null && dayIn(actual.date, page.timeZone) === page.expected.date;
    case 'outlet': {
      const name = comparableText(actual.outlet ?? '');
      return name !== '' && (page.expected.outlet ?? []).some((alias) => comparableText(alias) === name);
    }
    case 'image':
      // The same address written raw or percent-encoded ('graduación' / 'graduaci%C3%B3n') is the same image.
      return sameUrl(page.expected.image ?? null, actual.image);
    case 'firstParagraph': {
      const text = collapseWhitespace(actual.firstParagraph ?? '');
      return (
        text !== '' &&
        (page.expected.firstParagraph ?? []).some((start) => text.startsWith(collapseWhitespace(start)))
      );
    }
  }
}

export interface RealScore {
  right: number;
  total: number;
  wrong: string[];
}

export type RealScores = Record<RealField, RealScore>;

/** Per-field accuracy over pages whose fields an extractor has already read (one reading per page). */
export function scoreReal(readings: { page: RealPage; actual: RealFields }[]): RealScores {
  const scores = Object.fromEntries(
    REAL_FIELDS.map((field) => [field, { right: 0, total: 0, wrong: [] }]),
  ) as unknown as RealScores;
  for (const { page, actual } of readings) {
    for (const field of REAL_FIELDS) {
      const right = realFieldIsRight(field, page, actual);
      if (right === undefined) continue;
      scores[field].total++;
      if (right) scores[field].right++;
      else scores[field].wrong.push(page.file.replace(/^pages\/|\.html\.gz$/g, ''));
    }
  }
  return scores;
}

/** All fields together: right / scored. */
export function overall(scores: RealScores): RealScore {
  return REAL_FIELDS.reduce<RealScore>(
    (sum, field) => ({
      right: sum.right + scores[field].right,
      total: sum.total + scores[field].total,
      wrong: sum.wrong,
    }),
    { right: 0, total: 0, wrong: [] },
  );
}

export function realPercent(score: RealScore): number {
  return score.total === 0 ? 0 : Math.round((score.right * 1000) / score.total) / 10;
}

/** A saved review page (an aggregator's critic-reviews page) and the critic reviews a reader counts on it. */
export interface ReviewPage {
  file: string;
  url: string;
  source: { repository: string; path: string; commit: string };
  expected: {
    reviews: number;
    outlets?: string[];
    ratings?: number[];
    date?: string;
    quoteStarts?: string[];
  };
}

export function loadReviewPages(root: URL = corpusRoot()): { page: ReviewPage; html: string }[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as {
    reviewPages?: ReviewPage[];
  };
  return (manifest.reviewPages ?? []).map((page) => ({
    page,
    html: gunzipSync(readFileSync(new URL(page.file, root))).toString('utf8'),
  }));
}
