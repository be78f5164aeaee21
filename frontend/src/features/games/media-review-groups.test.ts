import { describe, expect, it } from 'vitest';
import type { MediaReview } from '../../lib/types';
import {
  countryName,
  filterMediaReviewGroups,
  flagOf,
  formatRawScore,
  groupMediaReviews,
  groupQuote,
  groupScore,
  reviewedPlatforms,
} from './media-review-groups';

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

describe('filterMediaReviewGroups', () => {
  const spanish = (item: MediaReview): MediaReview => ({ ...item, outletLanguage: 'es' });
  const groups = groupMediaReviews([
    spanish(review(1, 'Vandal', 'PlayStation 5', 90)),
    spanish(review(2, 'Vandal', 'PC', 70)),
    review(3, 'IGN', 'PC', 88),
    spanish(review(4, '3DJuegos', null, 45)),
    review(5, 'Polygon', null, null),
  ]);
  const outlets = (filters: Parameters<typeof filterMediaReviewGroups>[1]) =>
    filterMediaReviewGroups(groups, filters).map((group) => group.lead.medium);

  it("keeps the Spanish press, an outlet's platforms and its mean's band", () => {
    expect(outlets({})).toEqual(['Vandal', 'IGN', '3DJuegos', 'Polygon']);
    expect(outlets({ spanishPress: true })).toEqual(['Vandal', '3DJuegos']);
    expect(outlets({ platform: 'PC' })).toEqual(['Vandal', 'IGN']);
    expect(outlets({ platform: 'PlayStation 5' })).toEqual(['Vandal']);
    // Vandal's one voice is the mean of 90 and 70: 80, not its best score.
    expect(groupScore(groups[0])).toBe(80);
    expect(outlets({ band: 'high' })).toEqual(['IGN']);
    expect(outlets({ band: 'medium' })).toEqual(['Vandal']);
    expect(outlets({ band: 'low', spanishPress: true })).toEqual(['3DJuegos']);
    expect(reviewedPlatforms(groups)).toEqual(['PC', 'PlayStation 5']);
  });

  it("shows the quote and the link of any of the outlet's reviews that has them", () => {
    const [group] = groupMediaReviews([
      review(1, 'Vandal', 'PlayStation 5', 90),
      {
        ...review(2, 'Vandal', 'PC', 85),
        review: 'Una obra maestra.',
        link: 'https://vandal.elespanol.com/a',
      },
    ]);
    expect(groupQuote(group)).toEqual({ text: 'Una obra maestra.', link: 'https://vandal.elespanol.com/a' });
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
