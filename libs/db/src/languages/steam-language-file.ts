import { LANGUAGE_LOCALES, PLATFORMS, type LanguageLocale } from '@veredicto/contract';
import type { LanguageStatement } from './game-language.repository.js';

interface LocaleFacts {
  text: boolean;
  interface: boolean | null;
  subtitles: boolean | null;
  audio: boolean;
}

/** One line of languages.jsonl.gz (libs/db/seed-data/languages-README.md). */
export interface LanguageFileRecord {
  igdbId: number;
  source: 'steam';
  sourceId: string;
  platform: string;
  languages: Record<LanguageLocale, LocaleFacts>;
  asOf: string;
}

/**
 * A line's two statements (Spain and Latin America). Steam's list is of the PC version: the platform name
 * becomes the site's platform id; a line for a platform outside the list applies to no known platform and
 * is skipped. Interface and subtitles stay null when Steam only says the text is there.
 */
export function languageFileStatements(record: LanguageFileRecord): LanguageStatement[] {
  const platform = PLATFORMS.find((known) => known.name === record.platform)?.id;
  if (!platform) return [];
  return LANGUAGE_LOCALES.flatMap((locale) => {
    const facts = record.languages[locale];
    if (!facts) return [];
    return [
      {
        igdbId: record.igdbId,
        platform,
        locale,
        text: facts.text,
        audio: facts.audio,
        interface: facts.interface,
        subtitles: facts.subtitles,
        source: record.source,
        sourceRef: record.sourceId,
        asOf: record.asOf,
      },
    ];
  });
}
