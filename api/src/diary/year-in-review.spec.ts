import type { YearRatingRow, YearSessionRow, YearStatusRow } from '@veredicto/db';
import { parseReviewYear, summariseYear } from './year-in-review.js';

const game = (id: number, title: string) => ({
  gameId: id,
  igdbId: 1000 + id,
  title,
  slug: title.toLowerCase(),
  imageCover: null,
});

const status = (id: number, title: string, fields: Partial<YearStatusRow>): YearStatusRow => ({
  ...game(id, title),
  status: 'completed',
  platform: null,
  completedOn: null,
  statedHours: null,
  sessionMinutes: 0,
  score: null,
  ...fields,
});

describe('summariseYear', () => {
  it('sums stated hours and the sessions of games without them, and counts games per platform', () => {
    const statuses = [
      status(1, 'Hades', { completedOn: '2025-03-02', platform: 'PC', statedHours: 30, score: 90 }),
      status(2, 'Celeste', { completedOn: '2025-07-10', platform: 'Switch', sessionMinutes: 600, score: 95 }),
      // Abandoned that year with stated hours: the hours count, it is not completed.
      status(3, 'Anthem', { status: 'abandoned', platform: 'pc', statedHours: 4.5 }),
    ];
    const sessions: YearSessionRow[] = [
      { ...game(2, 'Celeste'), platform: 'Switch', minutes: 450, hasStatedHours: false },
      { ...game(1, 'Hades'), platform: 'PC', minutes: 120, hasStatedHours: true },
      { ...game(4, 'Tetris'), platform: null, minutes: 30, hasStatedHours: false },
    ];
    const ratings: YearRatingRow[] = [
      { ...game(5, 'Ábaco'), score: 95, ratedAt: new Date('2025-01-05') },
      { ...game(1, 'Hades'), score: 90, ratedAt: new Date('2025-03-02') },
    ];
    const summary = summariseYear(statuses, sessions, ratings);
    expect(summary.completed.map((row) => [row.title, row.completedOn, row.hours])).toEqual([
      ['Celeste', '2025-07-10', 10],
      ['Hades', '2025-03-02', 30],
    ]);
    expect(summary.hours).toBe(30 + 4.5 + 7.5 + 0.5);
    expect(summary.platforms).toEqual([
      { platform: 'PC', games: 2, hours: 34.5 },
      { platform: 'Switch', games: 1, hours: 7.5 },
    ]);
    // Equal scores in Spanish alphabetical order, each game once.
    expect(summary.bestRated.map((row) => [row.title, row.score])).toEqual([
      ['Ábaco', 95],
      ['Celeste', 95],
      ['Hades', 90],
    ]);
  });

  it('answers an empty year with zeros', () => {
    expect(summariseYear([], [], [])).toEqual({ completed: [], hours: 0, bestRated: [], platforms: [] });
  });
});

describe('parseReviewYear', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('takes four-digit years from 1970 to the current one', () => {
    expect(parseReviewYear('2026', now)).toBe(2026);
    expect(parseReviewYear('1970', now)).toBe(1970);
    expect(['2027', '1969', '26', '2026a', ''].map((text) => parseReviewYear(text, now))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is already next year in Spain on New Year’s Eve at 23:30 UTC', () => {
    expect(parseReviewYear('2027', new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });
});
