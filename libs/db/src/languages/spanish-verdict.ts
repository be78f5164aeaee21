import { PLATFORMS, type SpanishAnswer } from '@veredicto/contract';

/** The part of a language entry the verdict reads. */
export interface VerdictEntry {
  platform: string | null;
  locale: string;
  text: boolean | null;
  audio: boolean | null;
}

/** The platform id of a name stored on games ('PlayStation 5' → 'ps5'); null for a name outside the list. */
const platformIdOf = (name: string): string | null =>
  PLATFORMS.find((platform) => platform.name === name)?.id ?? null;

/**
 * docs/CONTRACT.md §13 for one field, Spain's Spanish ('castellano'): `yes` when some entry says true;
 * `no` only when every platform of the game has an entry (its own or an all-platforms one) that says false;
 * otherwise `unknown`. A game with no platforms, or one outside the site's list, is never `no`.
 */
export function spanishAnswer(
  platformNames: readonly string[],
  entries: readonly VerdictEntry[],
  field: 'text' | 'audio',
): SpanishAnswer {
  const spain = entries.filter((entry) => entry.locale === 'es-ES');
  if (spain.some((entry) => entry[field] === true)) return 'yes';
  if (platformNames.length === 0) return 'unknown';
  const covered = platformNames.every((name) => {
    const id = platformIdOf(name);
    return spain.some(
      (entry) => entry[field] === false && (entry.platform === null || entry.platform === id),
    );
  });
  return covered ? 'no' : 'unknown';
}

export const spanishVerdict = (platformNames: readonly string[], entries: readonly VerdictEntry[]) => ({
  audio: spanishAnswer(platformNames, entries, 'audio'),
  text: spanishAnswer(platformNames, entries, 'text'),
});
