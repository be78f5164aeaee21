import { describe, expect, it } from 'vitest';
import type { MediaReview } from '../../lib/types';
import { countryName, flagOf, formatRawScore, groupMediaReviews } from './media-review-groups';

const review = (id: number, medium: string, platform: string | null, rating: number | null): MediaReview => ({
  id,
  medium,
  logo: null,
  autor: null,
  rating,
  rawScore: rating === null ? null : `${rating}/100`,
  review: null,
  link: null,
  platform,
  date: null,
});

describe('groupMediaReviews', () => {
  it('merges one outlet on several platforms into one card, keeping the order received', () => {
    const groups = groupMediaReviews([
      review(1, 'Vandal', 'PlayStation 5', 90),
      review(2, 'IGN', null, 88),
      review(3, 'Vandal', 'PC', 85),
      review(4, 'vandal ', 'Xbox Series X|S', 80),
    ]);
    expect(groups.map((group) => [group.lead.id, group.reviews.map((item) => item.id)])).toEqual([
      [1, [1, 3, 4]],
      [2, [2]],
    ]);
  });
});

describe('review card helpers', () => {
  it('prints raw scores with a decimal comma', () => {
    expect(formatRawScore('8.5/10')).toBe('8,5/10');
    expect(formatRawScore('85/100')).toBe('85/100');
  });

  it('turns a country code into its flag and Spanish name', () => {
    expect(flagOf('es')).toBe('🇪🇸');
    expect(flagOf(null)).toBe('');
    expect(flagOf('ESP')).toBe('');
    expect(countryName('MX')).toBe('México');
  });
});
