import { normalizeSearchText, type NintendoCandidate } from '@veredicto/db';
import type { NintendoTitle } from '@veredicto/scraping/prices/nintendo-store.js';

/** How far apart our release day and the eShop's may be and still be one game (time zones, regional days). */
export const NINTENDO_MATCH_DAYS = 3;

const DAY_MS = 86_400_000;

/** A title as both sides are compared: the search's normalisation, trademark signs dropped (NFKD makes '™' 'TM'). */
export const matchableTitle = (title: string): string => normalizeSearchText(title.replace(/[™®©]/g, ' '));

const dayNumber = (isoDay: string): number => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

/**
 * Links catalogue games to Nintendo's nsuids (docs/PRICES.md): the same normalised title AND release days at
 * most NINTENDO_MATCH_DAYS apart. Ambiguous matches are not linked: an eShop title that fits two of our
 * games links neither, and a game that two eShop titles with different nsuids fit is left alone.
 */
export function matchNintendo(
  candidates: readonly NintendoCandidate[],
  titles: readonly NintendoTitle[],
): { igdbId: number; nsuid: string }[] {
  const byTitle = new Map<string, NintendoCandidate[]>();
  for (const candidate of candidates) {
    const key = matchableTitle(candidate.title);
    if (key) byTitle.set(key, [...(byTitle.get(key) ?? []), candidate]);
  }
  const proposed = new Map<number, Set<string>>();
  for (const title of titles) {
    if (!title.releaseDate) continue;
    const released = dayNumber(title.releaseDate);
    const fits = (byTitle.get(matchableTitle(title.title)) ?? []).filter(
      (candidate) => Math.abs(dayNumber(candidate.releaseDate) - released) <= NINTENDO_MATCH_DAYS,
    );
    if (fits.length !== 1) continue;
    const nsuids = proposed.get(fits[0].igdbId) ?? new Set<string>();
    nsuids.add(title.nsuids[0]);
    proposed.set(fits[0].igdbId, nsuids);
  }
  return [...proposed].flatMap(([igdbId, nsuids]) =>
    nsuids.size === 1 ? [{ igdbId, nsuid: [...nsuids][0] }] : [],
  );
}
