import { dateChangeText, formatDate, formatScore, PLATFORMS } from '@veredicto/contract';
import type { GameAlertFacts, GameFacts, NewAlert } from '@veredicto/db';

/** The contract's ids of these platform names (the catalogue stores display names). */
export const platformIds = (names: readonly string[]): string[] =>
  PLATFORMS.filter((platform) => names.includes(platform.name)).map((platform) => platform.id);

const platformList = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;

/**
 * The alerts of one recorded change of facts (game_changes): a date change when the date or its precision
 * moved, a port when platforms were added (platforms only removed say nothing). Keys name the change, so
 * the same change dispatched twice is the same alerts.
 */
export function changeAlerts(
  changeId: string,
  igdbId: number,
  before: Partial<GameFacts>,
  after: Partial<GameFacts>,
  currentPlatforms: readonly string[],
): NewAlert[] {
  const alerts: NewAlert[] = [];
  if ('releaseDate' in after || 'releaseDatePrecision' in after) {
    const was = { releaseDate: before.releaseDate, releaseDatePrecision: before.releaseDatePrecision };
    const now = { releaseDate: after.releaseDate, releaseDatePrecision: after.releaseDatePrecision };
    // A precision change alone keeps the date on both sides.
    if (!('releaseDate' in after)) {
      was.releaseDate = now.releaseDate = currentReleaseDate(before, after);
    }
    alerts.push({
      key: `change-${changeId}-date`,
      kind: 'date-change',
      gameIgdbId: igdbId,
      text: dateChangeText(was, now),
      platforms: platformIds(currentPlatforms),
    });
  }
  if (after.platforms) {
    const added = after.platforms.filter((name) => !(before.platforms ?? []).includes(name));
    if (added.length > 0) {
      alerts.push({
        key: `change-${changeId}-platforms`,
        kind: 'new-platform',
        gameIgdbId: igdbId,
        text: `Llega a ${platformList(added)}`,
        platforms: platformIds(added),
      });
    }
  }
  return alerts;
}

// The change of a precision alone records no date: the before/after of the date is the game's own.
const currentReleaseDate = (before: Partial<GameFacts>, after: Partial<GameFacts>) =>
  after.releaseDate ?? before.releaseDate ?? null;

/** The first critic or Spanish-press average of a game: once per game and kind. */
export function firstVerdictAlerts(
  game: GameAlertFacts,
  flags: { firstCritic?: boolean; firstSpanishPress?: boolean },
): NewAlert[] {
  const alerts: NewAlert[] = [];
  const platforms = platformIds(game.platforms);
  if (flags.firstCritic && game.avRatings !== null) {
    alerts.push({
      key: `critic-score-${game.igdbId}`,
      kind: 'critic-score',
      gameIgdbId: game.igdbId,
      text: `Ya tiene nota de la crítica: ${formatScore(game.avRatings)}`,
      platforms,
    });
  }
  if (flags.firstSpanishPress && game.spanishPressAverage !== null) {
    alerts.push({
      key: `spanish-press-${game.igdbId}`,
      kind: 'spanish-press',
      gameIgdbId: game.igdbId,
      text: `Ya tiene nota de la prensa española: ${formatScore(game.spanishPressAverage)}`,
      platforms,
    });
  }
  return alerts;
}

/** Spanish voices or texts now known to exist: once per game and kind of support. */
export function spanishAlerts(game: GameAlertFacts): NewAlert[] {
  const platforms = platformIds(game.platforms);
  const alerts: NewAlert[] = [];
  if (game.spanishAudio === 'yes') {
    alerts.push({
      key: `spanish-audio-${game.igdbId}`,
      kind: 'spanish',
      gameIgdbId: game.igdbId,
      text: 'Confirmado: voces en castellano',
      platforms,
    });
  } else if (game.spanishText === 'yes') {
    alerts.push({
      key: `spanish-text-${game.igdbId}`,
      kind: 'spanish',
      gameIgdbId: game.igdbId,
      text: 'Confirmado: textos en castellano',
      platforms,
    });
  }
  return alerts;
}

/** 'Sale hoy' of a game with a release day: once per game and day (a new date gives a new one). */
export const releaseAlert = (igdbId: number, day: string, platformNames: readonly string[]): NewAlert => ({
  key: `release-${igdbId}-${day}`,
  kind: 'release',
  gameIgdbId: igdbId,
  text: `Sale hoy: ${formatDate(day)}`,
  platforms: platformIds(platformNames),
});
