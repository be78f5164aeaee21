import { PLATFORMS, type LanguageEntry, type LanguageSource, type SpanishVerdict } from '@veredicto/contract';
import { formatDate } from '../../lib/format';

const SOURCE_NAMES: Record<LanguageSource, string> = {
  steam: 'Steam',
  igdb: 'IGDB',
  review: 'Análisis de prensa',
  user: 'Aviso de un jugador',
  admin: 'Redacción de Veredicto',
};

/** A source's date on screen: dd-MM-yyyy, or MM-yyyy when the source gives only the month. */
export function formatAsOf(asOf: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(asOf);
  return month ? `${month[2]}-${month[1]}` : formatDate(asOf);
}

export const sourceNote = (entry: Pick<LanguageEntry, 'source' | 'asOf'>) =>
  `Fuente: ${SOURCE_NAMES[entry.source]}, ${formatAsOf(entry.asOf)}`;

export interface LanguageLine {
  label: string;
  /** The entry that says it, for its source and date. */
  entry: LanguageEntry;
}

export interface PlatformLanguages {
  platform: string;
  /** Empty: 'Sin datos'. */
  lines: LanguageLine[];
  /** A source covers the platform and says there is no Spanish at all. */
  noSpanish: LanguageEntry | null;
}

const WHAT: { locale: LanguageEntry['locale']; field: keyof SpanishVerdict; label: string }[] = [
  { locale: 'es-ES', field: 'audio', label: 'Voces en castellano' },
  { locale: 'es-ES', field: 'text', label: 'Textos en castellano' },
  { locale: 'es-419', field: 'audio', label: 'Voces en español latino' },
  { locale: 'es-419', field: 'text', label: 'Textos en español latino' },
];

/**
 * The 'Idiomas' block's lines, one group per platform of the game: what some entry (of that platform or of
 * every platform) says is there. A platform no entry covers has no lines: 'Sin datos', never 'no'.
 */
export function languagesByPlatform(platformNames: readonly string[], entries: readonly LanguageEntry[]) {
  return platformNames.map((name): PlatformLanguages => {
    const id = PLATFORMS.find((platform) => platform.name === name)?.id ?? null;
    const covering = entries.filter((entry) => entry.platform === null || entry.platform === id);
    const lines = WHAT.flatMap(({ locale, field, label }) => {
      const entry = covering.find((candidate) => candidate.locale === locale && candidate[field] === true);
      return entry ? [{ label, entry }] : [];
    });
    const noSpanish =
      lines.length === 0
        ? (covering.find(
            (entry) =>
              entry.locale === 'es-ES' &&
              entry.text === false &&
              entry.audio === false &&
              covering.some(
                (other) => other.locale === 'es-419' && other.text === false && other.audio === false,
              ),
          ) ?? null)
        : null;
    return { platform: name, lines, noSpanish };
  });
}
