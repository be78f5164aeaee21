import type { CheerioAPI } from 'cheerio';
import type { LanguageLocale } from '@veredicto/contract';
import { elementLines } from '../html/html-text.js';

/** What a review page states of one Spanish: texts (interface and/or subtitles) and voices. */
export interface SpanishFacts {
  text: boolean | null;
  audio: boolean | null;
}

/** A review page's statement of its game's languages, per Spanish, and the words it was read from. */
export interface SpanishStatement {
  languages: Record<LanguageLocale, SpanishFacts>;
  /** The page's own words, for the operator and the tests. */
  phrases: string[];
}

type Field = 'text' | 'audio';
type Said = { field: Field; languages: string };

/** Lower case without accents, one space between words: the form every pattern below reads. */
const plain = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const LANGUAGE_WORDS =
  'castellano|espanol(?: (?:de espana|latino|latinoamericano|de latinoamerica|neutro|de mexico))?|latino|' +
  'ingles|japones|frances|aleman|italiano|portugues|chino|coreano|ruso|polaco|catalan|euskera|gallego|arabe';
/** One language, or two or three joined ('inglés y japonés', 'inglés, francés y alemán'). */
const LANGUAGES = `(?:${LANGUAGE_WORDS})(?:(?:, | y | e | o |/)(?:${LANGUAGE_WORDS})){0,4}`;

const FIELD_OF: Record<string, Field> = {
  texto: 'text',
  textos: 'text',
  subtitulos: 'text',
  subtitulado: 'text',
  interfaz: 'text',
  menus: 'text',
  traducido: 'text',
  voces: 'audio',
  voz: 'audio',
  audio: 'audio',
  doblaje: 'audio',
  doblado: 'audio',
};

/**
 * The forms Spanish reviews use, as (field word, languages) pairs:
 * - a spec sheet: 'Textos: español · Voces: inglés', 'Idioma: voces en inglés, textos en castellano';
 * - a sentence: 'voces en inglés y textos en castellano', 'subtítulos en castellano y voces en japonés',
 *   'voces y textos en castellano', 'doblado al castellano'.
 * A sentence that says it is not there ('sin doblaje al castellano', 'no llega traducido al español')
 * states the language absent.
 */
const LABELLED = new RegExp(
  `\\b(textos?|subtitulos|interfaz|menus|voces|voz|audio|doblaje): (${LANGUAGES})\\b`,
  'g',
);
const FIELD_IN = `(textos?|subtitulos|interfaz|menus|voces|audio)`;
const SENTENCE_PAIR = new RegExp(
  `\\b${FIELD_IN} (?:en|al) (${LANGUAGES})(?:,| y| con| pero| aunque)(?: los| las| sus)? ${FIELD_IN} (?:en|al) (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_BOTH = new RegExp(
  `\\b(textos|subtitulos|voces) y (textos|subtitulos|voces) en (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_DONE = new RegExp(
  `\\b(no |sin )?(?:(?:llega|viene|esta|ha sido|ha llegado) )?(?:(?:completamente|totalmente|integramente) )?` +
    `(doblado|traducido|doblaje|subtitulado)(?: y (doblado|traducido|subtitulado))? al (${LANGUAGES})\\b`,
  'g',
);

/** The fields a line states, each with the languages it names; nothing for a line without a statement. */
function statedIn(line: string): Said[] {
  const said: Said[] = [];
  for (const match of line.matchAll(LABELLED)) said.push({ field: FIELD_OF[match[1]], languages: match[2] });
  for (const match of line.matchAll(SENTENCE_PAIR)) {
    said.push({ field: FIELD_OF[match[1]], languages: match[2] });
    said.push({ field: FIELD_OF[match[3]], languages: match[4] });
  }
  for (const match of line.matchAll(SENTENCE_BOTH)) {
    said.push({ field: FIELD_OF[match[1]], languages: match[3] });
    said.push({ field: FIELD_OF[match[2]], languages: match[3] });
  }
  for (const match of line.matchAll(SENTENCE_DONE)) {
    // 'Sin doblaje al castellano': the language is named as missing.
    const languages = match[1] ? 'ninguno' : match[4];
    said.push({ field: FIELD_OF[match[2]], languages });
    if (match[3]) said.push({ field: FIELD_OF[match[3]], languages });
  }
  return said;
}

/** Which Spanish a list of languages names: Spain's ('castellano', 'español') and Latin America's. */
function spanishIn(languages: string): Record<LanguageLocale, boolean> {
  const names = languages.split(/, | y | e | o |\//);
  const latin = names.some((name) => /latino|latinoamerica|neutro|mexico/.test(name));
  const spain = names.some(
    (name) => name === 'castellano' || name === 'espanol' || name === 'espanol de espana',
  );
  return { 'es-ES': spain, 'es-419': latin };
}

/**
 * The Spanish a review page states for its game, read from its visible text line by line (scripts,
 * styles and the like left out). Per Spanish and field: true when some statement names that Spanish,
 * false when statements name only other languages (for Latin American Spanish, only when no Spanish at
 * all is named, since 'español' in a Spanish review means Spain's), null when nothing is said. Null when
 * the page states nothing.
 */
export function readSpanishStatement($: CheerioAPI): SpanishStatement | null {
  const languages: Record<LanguageLocale, SpanishFacts> = {
    'es-ES': { text: null, audio: null },
    'es-419': { text: null, audio: null },
  };
  const phrases: string[] = [];
  for (const line of elementLines($('body').length ? $('body') : $.root())) {
    const said = statedIn(plain(line));
    if (said.length === 0) continue;
    phrases.push(line);
    for (const { field, languages: named } of said) {
      const spanish = spanishIn(named);
      const anySpanish = spanish['es-ES'] || spanish['es-419'];
      for (const locale of ['es-ES', 'es-419'] as const) {
        const value = spanish[locale] ? true : locale === 'es-419' && anySpanish ? null : false;
        if (value === null) continue;
        // Some statement saying it is there wins over another saying it is not (another platform, a patch).
        languages[locale][field] = languages[locale][field] === true ? true : value;
      }
    }
  }
  return phrases.length ? { languages, phrases } : null;
}
