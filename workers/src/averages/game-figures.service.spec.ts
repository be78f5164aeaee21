import type { ShownFigures } from '@veredicto/db';
import { figuresChanged } from './game-figures.service.js';

const none: ShownFigures = {
  igdbId: 1942,
  avRatings: null,
  criticReviewCount: 3,
  avUserRatings: 70,
  userRatingCount: 2,
  criticMedian: null,
  criticHistogram: [0, 0, 0, 0, 0, 0, 0, 3, 0, 0],
  criticPercentRecommended: null,
  spanishPressAverage: null,
  spanishPressCount: 2,
  playerHistogram: [0, 0, 0, 0, 0, 0, 0, 2, 0, 0],
  playerRankScore: 68.5,
};

describe('the figures-changed event of a recalculation', () => {
  it('is none when nothing changed, or when the game is gone', () => {
    expect(figuresChanged(none, { ...none })).toBeNull();
    expect(figuresChanged(none, null)).toBeNull();
  });

  it('says when the critic and the Spanish-press averages are shown for the first time', () => {
    expect(figuresChanged(none, { ...none, avUserRatings: 71 })).toEqual({
      name: 'game.figures-changed',
      igdbId: 1942,
      playersOnly: true,
    });
    expect(
      figuresChanged(none, { ...none, avRatings: 80, criticReviewCount: 4, spanishPressAverage: 78 }),
    ).toEqual({ name: 'game.figures-changed', igdbId: 1942, firstCritic: true, firstSpanishPress: true });
    const shown = { ...none, avRatings: 80, spanishPressAverage: 78 };
    expect(figuresChanged(shown, { ...shown, avRatings: 82 })).toEqual({
      name: 'game.figures-changed',
      igdbId: 1942,
    });
  });

  it('says when only player figures changed (a rating moves no ordering by date, critics or length)', () => {
    const rated = {
      ...none,
      avUserRatings: 75,
      userRatingCount: 3,
      playerHistogram: [0, 0, 0, 0, 0, 0, 0, 2, 1, 0],
      playerRankScore: 71.2,
    };
    expect(figuresChanged(none, rated)).toEqual({
      name: 'game.figures-changed',
      igdbId: 1942,
      playersOnly: true,
    });
    // A critic figure among them: every ordering the figures can move.
    expect(figuresChanged(none, { ...rated, criticHistogram: [0, 0, 0, 0, 0, 0, 0, 2, 1, 0] })).toEqual({
      name: 'game.figures-changed',
      igdbId: 1942,
    });
  });
});
