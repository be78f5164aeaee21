import { describe, expect, it } from 'vitest';
import type { MediaReview } from '../../../lib/types';
import { featuredRatingReviews } from './featured-game';

const review = (id: number): MediaReview => ({
  id,
  medium: `Medio ${id}`,
  logo: null,
  autor: null,
  rating: 80,
  rawScore: null,
  review: null,
  link: null,
  platform: null,
  date: null,
});

describe('featuredRatingReviews', () => {
  it('takes the reviews at positions 0 and 2 to 6', () => {
    const reviews = Array.from({ length: 9 }, (_, index) => review(index));
    expect(featuredRatingReviews(reviews).map((entry) => entry.id)).toEqual([0, 2, 3, 4, 5, 6]);
  });

  it('copes with short or missing lists', () => {
    expect(featuredRatingReviews([review(0), review(1), review(2)]).map((entry) => entry.id)).toEqual([0, 2]);
    expect(featuredRatingReviews([])).toEqual([]);
    expect(featuredRatingReviews(null)).toEqual([]);
  });
});
