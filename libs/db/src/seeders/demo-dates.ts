import { isCalendarDate } from '../games/release-date.js';

/** The day the demo catalogue's facts were copied into the project (libs/db/seed-data). */
export const DEMO_CATALOGUE_AS_OF = '2026-11-22';

/**
 * A demo game's release date as loaded on `today`. A date still ahead on DEMO_CATALOGUE_AS_OF (an upcoming
 * game then) moves forward by whole years until it is ahead again, so the demo keeps its upcoming releases
 * whatever the day it is loaded (CI, the browser tests and `npm start` read them). Day and month stay: IGDB
 * writes "some time in 2026" as 2026-12-31 and a quarter as its last day. Released games keep their date.
 */
export function demoReleaseDate(date: string | null, today: Date = new Date()): string | null {
  if (!date || !isCalendarDate(date) || date <= DEMO_CATALOGUE_AS_OF) return date;
  const todayIso = today.toISOString().slice(0, 10);
  let year = Number(date.slice(0, 4));
  const dayOf = (candidate: number) => {
    const day = `${candidate}${date.slice(4)}`;
    // 29 February of a year that has none becomes the 28th.
    return isCalendarDate(day) ? day : `${candidate}-02-28`;
  };
  while (dayOf(year) <= todayIso) year++;
  return dayOf(year);
}
