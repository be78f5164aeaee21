import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import type { LanguageLocale } from '@veredicto/contract';
import { readSpanishStatement, type SpanishFacts } from './spanish-statement.js';

/**
 * test/fixtures/real/languages: real pages of Spanish outlets as the search tool's 'pages' corpus
 * stored them (their text from the beginning, one file each), with a hand annotation of what each
 * states of the game's Spanish. The split into tuning and held-out pages was fixed by URL hash before
 * the reader was tuned; the reader was only ever adjusted against the tuning pages.
 */
const REAL = new URL('../../../../test/fixtures/real/languages/', import.meta.url);

type States = Record<LanguageLocale, SpanishFacts> | null;
interface AnnotatedPage {
  file: string;
  url: string;
  outlet: string;
  game: string;
  kind: 'review' | 'game-page' | 'forum-review' | 'news';
  split: 'tuning' | 'held-out';
  states: States;
}

const { pages } = JSON.parse(readFileSync(new URL('manifest.json', REAL), 'utf8')) as {
  pages: AnnotatedPage[];
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The stored text as the page the scraper gets: each stored line one paragraph. */
function pageOf(file: string): string {
  const text = readFileSync(new URL(file, REAL), 'utf8');
  const paragraphs = text.split('\n').map((line) => `<p>${escapeHtml(line)}</p>`);
  return `<html><body>${paragraphs.join('\n')}</body></html>`;
}

const readings = pages.map((page) => {
  const statement = readSpanishStatement(load(pageOf(page.file)));
  const read: States = statement ? statement.languages : null;
  return {
    page,
    read,
    phrases: statement?.phrases ?? [],
    right: JSON.stringify(read) === JSON.stringify(page.states),
  };
});

function accuracy(split: AnnotatedPage['split']) {
  const these = readings.filter(({ page }) => page.split === split);
  const right = these.filter((reading) => reading.right).length;
  return { right, total: these.length, share: right / these.length };
}
const tuning = accuracy('tuning');
const heldOut = accuracy('held-out');
const percent = (share: number) => `${Math.round(share * 100)} %`;

describe("what real Spanish pages state of a game's Spanish (hand-annotated, test/fixtures/real/languages)", () => {
  it('has the saved pages the annotation speaks of, with and without a statement, in both splits', () => {
    expect(pages.length).toBeGreaterThanOrEqual(45);
    expect(pages.filter((page) => page.states !== null).length).toBeGreaterThanOrEqual(25);
    expect(pages.filter((page) => page.states === null).length).toBeGreaterThanOrEqual(15);
    expect(heldOut.total).toBeGreaterThanOrEqual(15);
  });

  it('finds no statement on a page that makes none', () => {
    const invented = readings
      .filter(({ page, read }) => page.states === null && read !== null)
      .map(({ page, phrases }) => [page.file, phrases]);
    expect(invented).toEqual([]);
  });

  it(`reads the tuning pages (${tuning.right}/${tuning.total}, ${percent(tuning.share)})`, () => {
    expect(tuning.share).toBeGreaterThanOrEqual(0.9);
  });

  it(`reads the held-out pages (${heldOut.right}/${heldOut.total}, ${percent(heldOut.share)}; floor 70 %)`, () => {
    expect(heldOut.share).toBeGreaterThanOrEqual(0.7);
  });

  it('reads every MeriStation spec box, glued as the stored text has it or re-encoded by an archive', () => {
    const boxes = readings.filter(
      ({ page }) => page.outlet.startsWith('MeriStation') && page.kind !== 'news',
    );
    const withBox = boxes.filter(({ page }) => page.states !== null);
    expect(withBox.length).toBeGreaterThanOrEqual(8);
    expect(withBox.filter((reading) => !reading.right).map(({ page }) => page.file)).toEqual([]);
  });
});
