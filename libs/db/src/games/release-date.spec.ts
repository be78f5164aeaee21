import { igdbDatePrecision, knownReleaseDate } from './release-date.js';

const today = new Date('2026-11-24T12:00:00Z');

describe('knownReleaseDate', () => {
  it('keeps a stated precision', () => {
    expect(knownReleaseDate('2027-03-31', 'quarter', today)).toEqual({
      releaseDate: '2027-03-31',
      releaseDatePrecision: 'quarter',
    });
    expect(knownReleaseDate('2027-05-31', igdbDatePrecision(1), today).releaseDatePrecision).toBe('month');
  });

  it('reads an upcoming last day of a year or quarter as a year or quarter when no precision is given', () => {
    expect(knownReleaseDate('2026-12-31', null, today).releaseDatePrecision).toBe('year');
    expect(knownReleaseDate('2027-06-30', null, today).releaseDatePrecision).toBe('quarter');
    expect(knownReleaseDate('2027-06-29', null, today).releaseDatePrecision).toBe('day');
    // A past 31 December is a real day.
    expect(knownReleaseDate('2020-12-31', null, today).releaseDatePrecision).toBe('day');
  });

  it('treats placeholders decades ahead, TBD and malformed dates as unknown', () => {
    const unknown = { releaseDate: null, releaseDatePrecision: null };
    expect(knownReleaseDate('2040-12-31', null, today)).toEqual(unknown);
    expect(knownReleaseDate('2040-12-31', 'day', today)).toEqual(unknown);
    expect(knownReleaseDate('2027-01-01', igdbDatePrecision(7), today)).toEqual(unknown);
    expect(knownReleaseDate('2027-02-30', null, today)).toEqual(unknown);
    expect(knownReleaseDate(null, null, today)).toEqual(unknown);
    expect(knownReleaseDate('2036-11-24', null, today).releaseDate).toBe('2036-11-24');
  });
});
