import { readReviewCounts } from './steam-reviews.js';

describe('readReviewCounts', () => {
  it("reads the summary of steamy-py's recorded answer (tests/fixtures/store_get_app_reviews.json)", () => {
    const answer = {
      success: 1,
      query_summary: {
        num_reviews: 14,
        review_score: 3,
        review_score_desc: 'Negative',
        total_positive: 1,
        total_negative: 13,
        total_reviews: 14,
      },
      reviews: [],
      cursor: 'AoJ4357nuoUDesDy7wM=',
    };
    expect(readReviewCounts(answer)).toEqual({ positive: 1, total: 14 });
  });

  it('adds the negatives when the total is missing, and answers null without a summary', () => {
    expect(readReviewCounts({ success: 1, query_summary: { total_positive: 3, total_negative: 2 } })).toEqual(
      {
        positive: 3,
        total: 5,
      },
    );
    expect(readReviewCounts({ success: 2 })).toBeNull();
    expect(readReviewCounts({ success: 1, query_summary: { total_positive: '3' } })).toBeNull();
    expect(readReviewCounts(null)).toBeNull();
  });
});
