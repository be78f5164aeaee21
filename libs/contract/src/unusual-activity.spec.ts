import {
  detectUnusualWindows,
  findRatingBursts,
  isSuspiciousRating,
  judgeRatingBurst,
  type RatingObservation,
} from './unusual-activity.js';

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const rating = (
  offset: number,
  score: number,
  accountAgeDays = 300,
  otherRatings = 5,
): RatingObservation => ({
  day: day(offset),
  score,
  accountAgeDays,
  otherRatings,
});
/** 0-3 ratings a day of 60-94 from old accounts, for `days` days. */
const ordinary = (days: number) =>
  Array.from({ length: days }, (_, offset) =>
    Array.from({ length: (offset * 7) % 4 }, (_, index) => rating(offset, 60 + ((offset + index * 11) % 35))),
  ).flat();

describe('the detector of unusual rating activity', () => {
  it('finds nothing in an ordinary history, and lets a launch spike of real players through', () => {
    const launch = Array.from({ length: 40 }, (_, index) => rating(0, 60 + (index % 35)));
    expect(detectUnusualWindows([...launch, ...ordinary(90).filter((r) => r.day !== day(0))])).toEqual([]);
    // The launch is a burst (no baseline to compare with), judged and let through.
    expect(findRatingBursts(launch).map((burst) => [burst.from, burst.volumeZ])).toEqual([[day(0), null]]);
  });

  it('flags a bomb of new accounts, with the figures that explain it', () => {
    const bomb = Array.from({ length: 30 }, (_, index) => rating(60 + (index % 2), index % 10, 1, 0));
    const [window] = detectUnusualWindows([...ordinary(90), ...bomb], () => 0.05);
    expect(window).toMatchObject({
      from: day(60),
      to: day(61),
      evidence: { newShare: 0.91, siteNewShare: 0.05 },
    });
    expect(window.count).toBeGreaterThanOrEqual(30);
    expect(window.evidence.reasons).toEqual(['new-accounts', 'score-skew', 'low-wall']);
    expect(window.evidence.volumeZ).toBeGreaterThan(5);
  });

  it('flags a bomb of old accounts by its scores, and not a busy day of ordinary scores', () => {
    const bomb = Array.from({ length: 30 }, (_, index) => rating(70, index % 15));
    // The ordinary ratings after it (a mean near 77) make its wall of 0-14 a low-wall too.
    expect(detectUnusualWindows([...ordinary(90), ...bomb]).map((w) => w.evidence.reasons)).toEqual([
      ['score-skew', 'low-wall'],
    ]);
    const sale = Array.from({ length: 30 }, (_, index) => rating(70, 60 + (index % 35)));
    expect(detectUnusualWindows([...ordinary(90), ...sale])).toEqual([]);
  });

  it('tells a launch-day bomb from a launch by its wall of lowest scores, held against the critics', () => {
    // A launch of real players, mixed: a tenth of 0-20, the rest 50-100.
    const launch = Array.from({ length: 200 }, (_, index) =>
      rating(index % 3, index % 10 === 0 ? 10 : 50 + (index % 51)),
    );
    expect(detectUnusualWindows(launch, () => 0.05, 85)).toEqual([]);
    // The same launch with 150 more ratings of 0-20 from old accounts: no baseline, no new accounts.
    const wall = Array.from({ length: 150 }, (_, index) => rating(index % 2, (index * 7) % 21));
    const [window] = detectUnusualWindows([...launch, ...wall], () => 0.05, 85);
    expect(window.evidence).toMatchObject({
      reasons: ['low-wall'],
      baselinePerDay: null,
      referenceScore: 85,
      wallShare: 0.49,
    });
    // Without critics, the game's own later ratings are the reference; without either, nothing to judge.
    const later = Array.from({ length: 40 }, (_, index) => rating(30 + index, 80 + (index % 15)));
    expect(detectUnusualWindows([...launch, ...wall, ...later]).map((w) => w.evidence.reasons)).toEqual([
      ['low-wall'],
    ]);
    expect(detectUnusualWindows([...launch, ...wall])).toEqual([]);
    // A wall the critics share (a game they panned) is the game's own reception, not a bomb.
    expect(detectUnusualWindows([...launch, ...wall], () => 0.05, 45)).toEqual([]);
  });

  it('does not call a burst of praise from old accounts a bomb', () => {
    const praise = Array.from({ length: 40 }, () => rating(70, 100));
    const low = Array.from({ length: 90 }, (_, offset) => [rating(offset, 20), rating(offset, 40)]).flat();
    expect(detectUnusualWindows([...low, ...praise], () => 0.05, 80)).toEqual([]);
  });

  it('flags a bomb of new accounts after a burst of sign-ups by its scores', () => {
    // The site's share of new accounts is high (a burst of sign-ups): the accounts say nothing.
    const bomb = Array.from({ length: 30 }, (_, index) => rating(60, index % 10, 1, 0));
    expect(
      detectUnusualWindows([...ordinary(90), ...bomb], () => 0.8).map((w) => w.evidence.reasons),
    ).toEqual([['score-skew', 'low-wall']]);
  });

  it('does not flag new accounts when the whole site is new (a young site, or a test run)', () => {
    const burst = findRatingBursts(Array.from({ length: 20 }, () => rating(0, 70, 0, 0)));
    expect(judgeRatingBurst(burst[0], 1)).toBeNull();
    expect(judgeRatingBurst(burst[0], 0.1)?.evidence.reasons).toEqual(['new-accounts']);
  });

  it('calls suspicious a rating from an account under 7 days old or with no other rating', () => {
    expect(isSuspiciousRating({ accountAgeDays: 6, otherRatings: 9 })).toBe(true);
    expect(isSuspiciousRating({ accountAgeDays: 400, otherRatings: 0 })).toBe(true);
    expect(isSuspiciousRating({ accountAgeDays: 7, otherRatings: 1 })).toBe(false);
  });
});
