import { FIELDS, loadCorpus, percent, scoreCorpus } from '../../../../bench/fidelity/corpus.js';
import { extractArticle } from './extract-article.js';

/**
 * The saved pages of test/fixtures/corpus (one or more per fault kind of issue 16): every field must be
 * right on at least 95 % of them. `npm run bench:fidelity` prints the same figures beside the libraries'.
 */
describe('article extraction fidelity on the saved corpus', () => {
  const corpus = loadCorpus();

  it('holds at least 40 pages, 15 of them Spanish, covering every fault kind', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(corpus.filter(({ page }) => page.language === 'es').length).toBeGreaterThanOrEqual(15);
    const faults = new Set(corpus.flatMap(({ page }) => page.faults));
    for (const fault of [
      'boilerplate:cookie',
      'boilerplate:privacy',
      'boilerplate:newsletter',
      'boilerplate:paywall',
      'boilerplate:bio',
      'boilerplate:related',
      'date:meta-loose',
      'date:meta-asctime',
      'date:publish-on',
      'date:time-text',
      'date:relative',
      'date:none',
      'image:og-video-then-body',
      'image:avatar-og-then-jsonld',
      'image:thumb-og-then-body',
      'outlet:meta-publisher',
      'outlet:microdata',
      'outlet:jsonld',
      'outlet:title',
      'outlet:host',
    ]) {
      expect([fault, faults.has(fault)]).toEqual([fault, true]);
    }
    // A US page whose numeric date reads differently day first.
    expect(corpus.some(({ page }) => page.file === 'en-ign-us-date.html')).toBe(true);
  });

  it('reads title, date, outlet, image and first paragraph right on at least 95 % of the pages', async () => {
    const scores = await scoreCorpus(corpus, (html, page) => {
      const article = extractArticle(html, page.url, { now: new Date(page.savedAt) });
      return {
        title: article.title,
        date: article.publicationDate,
        outlet: article.medium,
        image: article.image,
        firstParagraph: article.description,
      };
    });
    // The pages each field was wrong on are part of the failure message.
    const below = FIELDS.filter((field) => percent(scores[field]) < 95).map((field) => ({
      field,
      percent: percent(scores[field]),
      wrong: scores[field].wrong,
    }));
    expect(below).toEqual([]);
  });
});
