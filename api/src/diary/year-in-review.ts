import type { YearBestRated, YearInReview } from '@veredicto/contract';
import type { YearRatingRow, YearSessionRow, YearStatusRow } from '@veredicto/db';
import { gameHours, roundHours } from './hours.js';

/** How many games 'Mejor valorados' shows. */
export const BEST_RATED_SIZE = 5;

/** The year's figures, the part of 'Tu año' its rows make. */
export type YearSummary = Pick<YearInReview, 'completed' | 'hours' | 'bestRated' | 'platforms'>;

/**
 * 'Tu año' from the rows of one year. Hours follow the profile's rule: a game's stated hours replace its
 * sessions and count in the year it was finished (else the year its status last changed); otherwise each session counts in the year
 * it was played, so the years of a profile add up to its total. 'Mejor valorados' are the highest scores
 * among the games rated or completed that year; platforms count the games completed or played on each.
 */
export function summariseYear(
  statuses: YearStatusRow[],
  sessions: YearSessionRow[],
  ratings: YearRatingRow[],
): YearSummary {
  const completed = statuses
    .filter((row): row is YearStatusRow & { completedOn: string } => row.completedOn !== null)
    .map((row) => ({
      igdbID: row.igdbId,
      title: row.title,
      slug: row.slug,
      imageCover: row.imageCover,
      completedOn: row.completedOn,
      platform: row.platform,
      hours: gameHours(row.statedHours, row.sessionMinutes),
      score: row.score,
    }))
    .sort((a, b) => b.completedOn.localeCompare(a.completedOn) || a.title.localeCompare(b.title, 'es'));

  const platforms = new Map<string, { platform: string; games: Set<number>; hours: number }>();
  const onPlatform = (platform: string | null, gameId: number, hours: number) => {
    if (!platform) return;
    const key = platform.toLocaleLowerCase('es');
    const entry = platforms.get(key) ?? { platform, games: new Set<number>(), hours: 0 };
    platforms.set(key, entry);
    entry.games.add(gameId);
    entry.hours += hours;
  };
  let hours = 0;
  for (const row of statuses) {
    hours += row.statedHours ?? 0;
    onPlatform(row.platform, row.gameId, row.statedHours ?? 0);
  }
  for (const row of sessions) {
    const sessionHours = row.hasStatedHours ? 0 : row.minutes / 60;
    hours += sessionHours;
    onPlatform(row.platform, row.gameId, sessionHours);
  }

  const best = new Map<number, YearBestRated>();
  const candidates = [
    ...ratings.map((row) => ({ ...row, score: row.score as number | null })),
    ...statuses.filter((row) => row.completedOn !== null),
  ];
  for (const row of candidates) {
    if (row.score === null || best.has(row.igdbId)) continue;
    best.set(row.igdbId, { igdbID: row.igdbId, title: row.title, slug: row.slug, score: row.score });
  }

  return {
    completed,
    hours: roundHours(hours),
    bestRated: [...best.values()]
      .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title, 'es'))
      .slice(0, BEST_RATED_SIZE),
    platforms: [...platforms.values()]
      .map((entry) => ({ platform: entry.platform, games: entry.games.size, hours: roundHours(entry.hours) }))
      .sort((a, b) => b.games - a.games || b.hours - a.hours || a.platform.localeCompare(b.platform, 'es')),
  };
}

/** The first year 'Tu año' answers for: the diary's dates start there too. */
export const FIRST_REVIEW_YEAR = 1970;

/** The year in Spain at this moment: the last one 'Tu año' answers for. */
export const currentYear = (now = new Date()): number =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Madrid' }).format(now));

/** A year as written in a path (four digits, from 1970 to this one), or null. */
export function parseReviewYear(text: string, now = new Date()): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= FIRST_REVIEW_YEAR && year <= currentYear(now) ? year : null;
}
