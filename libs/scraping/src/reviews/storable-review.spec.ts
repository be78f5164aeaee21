import type { ExtractedReview } from './extracted-review.js';
import { reviewDedupeKey, storableReviews } from './storable-review.js';

const review = (fields: Partial<ExtractedReview>): ExtractedReview => ({
  outlet: 'Vandal',
  logo: null,
  author: null,
  rawScore: null,
  scale: null,
  rating: null,
  snippet: null,
  link: null,
  platform: null,
  publishedAt: null,
  ...fields,
});

describe('storableReviews', () => {
  it('keeps the columns, rounds the rating and keeps the day of the date', () => {
    expect(
      storableReviews([
        review({
          author: 'Ana',
          rawScore: '8,45/10',
          scale: '10',
          rating: 84.5,
          snippet: 'Muy bueno.',
          link: 'https://vandal.elespanol.com/analisis/1/',
          platform: 'PS5',
          publishedAt: '2025-03-05T15:00:00.000Z',
        }),
      ]),
    ).toEqual([
      {
        outlet: 'Vandal',
        logo: null,
        author: 'Ana',
        rawScore: '8,45/10',
        scale: '10',
        rating: 85,
        snippet: 'Muy bueno.',
        link: 'https://vandal.elespanol.com/analisis/1/',
        platform: 'PS5',
        publishedAt: '2025-03-05',
        dedupeKey: 'link:https://vandal.elespanol.com/analisis/1',
      },
    ]);
  });

  it('refuses a rating outside 0-100 instead of clamping it into the average', () => {
    const [high, low] = storableReviews([
      review({ rawScore: '120', rating: 120, link: 'https://a.example/1' }),
      review({ rawScore: '-5', rating: -5, link: 'https://a.example/2' }),
    ]);
    expect([high.rating, high.rawScore, low.rating]).toEqual([null, '120', null]);
  });

  it('names an unknown outlet and stores one row per identity', () => {
    const rows = storableReviews([
      review({ outlet: '', author: 'Ana' }),
      review({ outlet: '', author: 'Ana', rating: 80 }),
      review({ link: 'https://a.example/x#comentarios' }),
      review({ link: 'https://a.example/x/' }),
    ]);
    expect(rows.map((row) => [row.outlet, row.dedupeKey, row.rating])).toEqual([
      ['Desconocido', 'outlet:desconocido|ana|', 80],
      ['Vandal', 'link:https://a.example/x', null],
    ]);
  });

  it('hashes identities too long for the column', () => {
    const key = reviewDedupeKey({
      outlet: 'X',
      author: null,
      platform: null,
      link: `https://a.example/${'a'.repeat(700)}`,
    });
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
