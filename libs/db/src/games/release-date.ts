import type { ReleaseDatePrecision } from './game.entity.js';

/** Release dates further ahead than this are placeholders ('2040-12-31'), not plans: stored as unknown. */
export const MAX_YEARS_AHEAD = 10;

export interface KnownReleaseDate {
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

const UNKNOWN: KnownReleaseDate = { releaseDate: null, releaseDatePrecision: null };

/** IGDB's release date formats (`release_dates.date_format`, formerly `category`) by id. */
const IGDB_DATE_FORMATS: Readonly<Record<number, ReleaseDatePrecision | 'tbd'>> = {
  0: 'day', // YYYYMMMMDD
  1: 'month', // YYYYMMMM
  2: 'year', // YYYY
  3: 'quarter', // YYYYQ1
  4: 'quarter',
  5: 'quarter',
  6: 'quarter',
  7: 'tbd', // TBD
};

/** The precision of an IGDB date format id, 'tbd' for "to be determined", null when unknown. */
export const igdbDatePrecision = (format: number | undefined): ReleaseDatePrecision | 'tbd' | null =>
  format === undefined ? null : (IGDB_DATE_FORMATS[format] ?? null);

/** A real day: Date.parse would accept '2027-02-30' and roll it over. */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * A release date as the catalogue stores it. Dates decades ahead are placeholders and become unknown.
 * Without a stated precision (the seed files carry none), an upcoming date on the last day of a year or
 * quarter is IGDB's way of writing "2026" or "T1 2026", so it gets that precision rather than an invented
 * day; past dates are taken as days.
 */
export function knownReleaseDate(
  date: string | null | undefined,
  precision: ReleaseDatePrecision | 'tbd' | null = null,
  today: Date = new Date(),
): KnownReleaseDate {
  if (!date || !isCalendarDate(date) || precision === 'tbd') return UNKNOWN;
  const limit = new Date(today);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_YEARS_AHEAD);
  if (date > limit.toISOString().slice(0, 10)) return UNKNOWN;
  if (precision) return { releaseDate: date, releaseDatePrecision: precision };
  const upcoming = date > today.toISOString().slice(0, 10);
  const monthDay = date.slice(5);
  if (upcoming && monthDay === '12-31') return { releaseDate: date, releaseDatePrecision: 'year' };
  if (upcoming && ['03-31', '06-30', '09-30'].includes(monthDay))
    return { releaseDate: date, releaseDatePrecision: 'quarter' };
  return { releaseDate: date, releaseDatePrecision: 'day' };
}
