import { LANGUAGE_LOCALES, type LanguageLocale } from '@veredicto/contract';
import type { LanguageStatement } from '@veredicto/db';

/** One row of IGDB's `language_supports` with the fields the importer asks for (expanded objects). */
export interface IgdbLanguageSupport {
  id?: number;
  language?: number | { id?: number; locale?: string; name?: string; native_name?: string };
  language_support_type?: number | { id?: number; name?: string };
  updated_at?: number;
}

type SupportType = 'Audio' | 'Subtitles' | 'Interface';

const SUPPORT_TYPES: readonly SupportType[] = ['Audio', 'Subtitles', 'Interface'];

/**
 * Spain's Spanish is IGDB's `es-ES` ("Spanish (Spain)"); every other Spanish (`es-MX`, "Spanish (Mexico)")
 * is the site's Latin American `es-419`. Read by locale first, by English name when the locale is missing.
 */
function siteLocale(language: IgdbLanguageSupport['language']): LanguageLocale | null {
  if (typeof language !== 'object' || language === null) return null;
  const locale = language.locale?.trim().toLowerCase();
  if (locale) {
    if (locale === 'es-es') return 'es-ES';
    return /^es(-|$)/.test(locale) ? 'es-419' : null;
  }
  const name = language.name?.trim().toLowerCase() ?? '';
  if (!name.startsWith('spanish')) return null;
  return name.includes('spain') ? 'es-ES' : 'es-419';
}

function supportType(type: IgdbLanguageSupport['language_support_type']): SupportType | null {
  if (typeof type !== 'object' || type === null) return null;
  return SUPPORT_TYPES.find((known) => known.toLowerCase() === type.name?.trim().toLowerCase()) ?? null;
}

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * What IGDB's `language_supports` of a game say of its Spanish, as `igdb` entries for every platform
 * (IGDB does not say per platform). A type the list names for some language (voices, subtitles, interface)
 * is taken as complete: Spanish there is true, Spanish absent from it is false. A type the list never names
 * stays null (unknown), and a game with no list gives no entry at all: a lack of data is never a no. The
 * date is the list's latest `updated_at` (IGDB's own date, so an unchanged list changes nothing), the
 * import's day when IGDB gives none.
 */
export function igdbLanguageStatements(
  igdbId: number,
  supports: readonly IgdbLanguageSupport[] | undefined,
  today: string,
): LanguageStatement[] {
  const rows = (supports ?? []).flatMap((support) => {
    const type = supportType(support.language_support_type);
    return type ? [{ locale: siteLocale(support.language), type, updatedAt: support.updated_at }] : [];
  });
  if (rows.length === 0) return [];
  const listed = new Set(rows.map((row) => row.type));
  const updatedAt = Math.max(0, ...rows.map((row) => row.updatedAt ?? 0));
  const asOf = updatedAt > 0 ? isoDay(updatedAt) : today;
  return LANGUAGE_LOCALES.map((locale) => {
    const says = (type: SupportType): boolean | null =>
      rows.some((row) => row.locale === locale && row.type === type) ? true : listed.has(type) ? false : null;
    const subtitles = says('Subtitles');
    const interfaceText = says('Interface');
    const text =
      subtitles === true || interfaceText === true
        ? true
        : subtitles === false && interfaceText === false
          ? false
          : null;
    return {
      igdbId,
      platform: null,
      locale,
      text,
      audio: says('Audio'),
      interface: interfaceText,
      subtitles,
      source: 'igdb' as const,
      sourceRef: `igdb:${igdbId}`,
      asOf,
    };
  });
}
