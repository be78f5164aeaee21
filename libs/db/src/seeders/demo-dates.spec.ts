import { DEMO_CATALOGUE_AS_OF, demoReleaseDate } from './demo-dates.js';

const on = (day: string) => new Date(`${day}T12:00:00Z`);

describe('demoReleaseDate', () => {
  it('keeps every date as it is while the catalogue is current', () => {
    for (const date of ['2026-12-31', '2027-03-31', '2028-03-31', '2026-11-19', '1998-11-30']) {
      expect(demoReleaseDate(date, on(DEMO_CATALOGUE_AS_OF))).toBe(date);
    }
  });

  it('moves what was upcoming by whole years until it is ahead of today again, keeping day and month', () => {
    expect(demoReleaseDate('2026-12-31', on('2027-01-01'))).toBe('2027-12-31');
    expect(demoReleaseDate('2027-03-31', on('2027-01-01'))).toBe('2027-03-31');
    expect(demoReleaseDate('2026-12-31', on('2031-12-31'))).toBe('2032-12-31');
    expect(demoReleaseDate('2028-03-31', on('2040-06-15'))).toBe('2041-03-31');
    expect(demoReleaseDate('2027-02-28', on('2027-02-28'))).toBe('2028-02-28');
    expect(demoReleaseDate('2028-02-29', on('2028-03-01'))).toBe('2029-02-28');
  });

  it('never moves a game released by the time the catalogue was copied, nor an unknown date', () => {
    expect(demoReleaseDate('2026-11-19', on('2035-01-01'))).toBe('2026-11-19');
    expect(demoReleaseDate(DEMO_CATALOGUE_AS_OF, on('2035-01-01'))).toBe(DEMO_CATALOGUE_AS_OF);
    expect(demoReleaseDate(null, on('2035-01-01'))).toBeNull();
  });

  it('leaves the demo with upcoming releases on any day of the coming decades', () => {
    for (let year = 2026; year <= 2060; year++) {
      for (const monthDay of ['01-01', '06-30', '12-30', '12-31']) {
        const today = on(`${year}-${monthDay}`);
        const moved = ['2026-12-31', '2027-03-31', '2028-03-31'].map((date) => demoReleaseDate(date, today));
        expect(moved.every((date) => date! > `${year}-${monthDay}`)).toBe(true);
      }
    }
  });
});
