import { readFileSync } from 'node:fs';
import { comparableText, collapseWhitespace } from '@veredicto/scraping/html/html-text.js';

/** The saved pages of test/fixtures/corpus and what a careful reader finds on each (manifest.json). */
export interface CorpusPage {
  file: string;
  url: string;
  language: 'es' | 'en';
  /** When the page was saved: 'hace 2 horas' counts from it. */
  savedAt: string;
  /** The faults of issue 16 the page carries ('date:relative', 'image:avatar-og-then-jsonld'...). */
  faults: string[];
  expected: ExtractedFields;
}

/** The five fields the fidelity report measures. */
export interface ExtractedFields {
  title: string;
  /** YYYY-MM-DD, or null when the page gives no date (storing nothing is then the right answer). */
  date: string | null;
  outlet: string;
  image: string | null;
  firstParagraph: string;
}

export const FIELDS = ['title', 'date', 'outlet', 'image', 'firstParagraph'] as const;
export type Field = (typeof FIELDS)[number];

const CORPUS = new URL('../../../test/fixtures/corpus/', import.meta.url);

/** The corpus, read from the repository (the path works from the sources and from dist/). */
export function loadCorpus(root: URL = corpusRoot()): { page: CorpusPage; html: string }[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as {
    pages: CorpusPage[];
  };
  return manifest.pages.map((page) => ({ page, html: readFileSync(new URL(page.file, root), 'utf8') }));
}

/** From dist/bench/fidelity/ the fixtures are one level further up than from bench/fidelity/. */
function corpusRoot(): URL {
  const fromSources = new URL('../../test/fixtures/corpus/', import.meta.url);
  return import.meta.url.includes('/dist/') ? CORPUS : fromSources;
}

/** Whether an extracted field is right: titles and paragraphs as text, outlets by name, dates by day. */
export function fieldIsRight(field: Field, expected: ExtractedFields, actual: ExtractedFields): boolean {
  switch (field) {
    case 'title':
    case 'firstParagraph':
      return collapseWhitespace(expected[field]) === collapseWhitespace(actual[field] ?? '');
    case 'outlet':
      return comparableText(expected.outlet) === comparableText(actual.outlet ?? '');
    case 'date':
      return expected.date === (actual.date ? actual.date.slice(0, 10) : null);
    case 'image':
      return expected.image === actual.image;
  }
}

export interface FieldScore {
  right: number;
  total: number;
  /** The pages this field was wrong on, for the report. */
  wrong: string[];
}

/** Per-field accuracy of one extractor over the corpus. */
export async function scoreCorpus(
  pages: { page: CorpusPage; html: string }[],
  extract: (html: string, page: CorpusPage) => ExtractedFields | Promise<ExtractedFields>,
): Promise<Record<Field, FieldScore>> {
  const empty = (): FieldScore => ({ right: 0, total: 0, wrong: [] });
  const scores: Record<Field, FieldScore> = {
    title: empty(),
    date: empty(),
    outlet: empty(),
    image: empty(),
    firstParagraph: empty(),
  };
  for (const { page, html } of pages) {
    const actual = await extract(html, page);
    for (const field of FIELDS) {
      const score = scores[field];
      score.total++;
      if (fieldIsRight(field, page.expected, actual)) score.right++;
      else score.wrong.push(page.file);
    }
  }
  return scores;
}

export function percent(score: FieldScore): number {
  return score.total === 0 ? 0 : Math.round((score.right * 1000) / score.total) / 10;
}
