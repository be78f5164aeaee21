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
/** One field a phrase names languages for; `absent` when the phrase says they are missing ('sin doblaje al castellano'). */
type Said = { field: Field; languages: string; absent: boolean };

/**
 * Vowels as an archive that re-encoded Spanish pages through GBK shows them ('Ingl¨¦s', 'Acci¨®n'):
 * the second character of each pair names the vowel in GBK's pinyin row. 'ñ', missing from GBK,
 * became '?' ('Espa?ol').
 */
const GBK_VOWELS: Record<string, string> = {
  '¢': 'a',
  '¤': 'a',
  '¦': 'e',
  '¨': 'e',
  ª: 'i',
  '¬': 'i',
  '®': 'o',
  '°': 'o',
  '²': 'u',
  '´': 'u',
  '¹': 'u',
};

/** Lower case without accents, one space between words: the form every pattern below reads. */
const plain = (text: string) =>
  text
    .replace(/¨([¢¤¦¨ª¬®°²´¹])/g, (_pair, vowel: string) => GBK_VOWELS[vowel])
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(?<=[a-z])\?(?=[a-z])/g, 'n')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-–•·*] ?/, '');

const LANGUAGE_WORDS =
  'castellano(?: de espana)?|nuestro idioma|' +
  'espanol(?: (?:de espana|latino|latinoamericano|de latinoamerica|de america latina|neutro|de mexico))?|latino|' +
  'ingles|japones|frances|aleman|italiano|portugues|chino|coreano|ruso|polaco|catalan|euskera|gallego|arabe';
const LIST_SEPARATOR = '(?:, | y | e | o |/|, al | y al )';
/** One language, or several joined ('inglés y japonés', 'alemán, español, francés e italiano'). */
const LANGUAGES = `(?:${LANGUAGE_WORDS})(?:${LIST_SEPARATOR}(?:${LANGUAGE_WORDS})){0,5}`;

const FIELD_OF: Record<string, Field> = {
  texto: 'text',
  textos: 'text',
  subtitulos: 'text',
  subtitulado: 'text',
  interfaz: 'text',
  menus: 'text',
  traducido: 'text',
  idioma: 'text',
  idiomas: 'text',
  voces: 'audio',
  voz: 'audio',
  audio: 'audio',
  doblaje: 'audio',
  doblado: 'audio',
};
/** 'dobladas' reads as 'doblado', 'traducidos' as 'traducido'. */
const fieldOf = (word: string): Field =>
  FIELD_OF[word.replace(/^(doblad|traducid|subtitulad)[oa]s?$/, '$1o')];

const LABEL = '(textos?|subtitulos|interfaz|menus|voces|voz|audio|doblaje|idiomas?)';
const NOUN = '(textos?|subtitulos|menus|voces|audio|doblaje)';
const PARTICIPLE = '(doblad[oa]s?|traducid[oa]s?|subtitulad[oa]s?|doblaje)';

/**
 * The forms Spanish pages use, read in a line, or in a piece of one (see `segmentsOf`):
 * - a spec sheet: 'Textos: español', 'Voces en japonés' alone in its list item, and MeriStation's box
 *   where label and value sit in separate elements ('Texto' + 'Inglés');
 * - a sentence: 'voces en inglés y textos en castellano', 'voces y textos en castellano', 'llega con
 *   textos en castellano', 'doblado al castellano', 'subtitulados a nuestro idioma', 'totalmente en
 *   castellano', 'está en castellano', 'Sora hablará castellano', 'con el doblaje original'.
 * A phrase saying it is not there ('sin doblaje al castellano', 'no vendrá traducido al castellano',
 * 'echamos de menos voces en castellano') states the language absent; one that only wishes or
 * reports a rumour ('piden que venga doblado al castellano', 'se rumoreó que llegaría en inglés')
 * states nothing.
 */
const LABELLED = new RegExp(`\\b${LABEL}: (${LANGUAGES})\\b`, 'g');
const SPEC_LINE = new RegExp(`^${LABEL}(?::? ?| en )(${LANGUAGES})\\.?$`);
const BARE_LABEL = new RegExp(`^${LABEL}:?$`);
const ONLY_LANGUAGES = new RegExp(`^(${LANGUAGES})\\.?$`);
const FIELD_IN = `(textos?|subtitulos|interfaz|menus|voces|audio)`;
const SENTENCE_PAIR = new RegExp(
  `\\b${FIELD_IN} (?:en|al) (${LANGUAGES})(?:,| y| con| pero| aunque)(?: los| las| sus)? ${FIELD_IN} (?:en|al) (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_BOTH = new RegExp(`\\b${NOUN} y ${NOUN} en (${LANGUAGES})\\b`, 'g');
const SENTENCE_DONE = new RegExp(
  `\\b(?:(?:completamente|totalmente|integramente) )?${PARTICIPLE}(?: y (doblad[oa]s?|traducid[oa]s?|subtitulad[oa]s?))? (?:al|a|en) (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_WITH = new RegExp(
  `\\b(con|sin|de menos) (?:las |los |el |unas |unos |un |una )?${NOUN}(?: del juego)? (?:en|al) (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_WHOLLY = new RegExp(
  `\\b(?:totalmente|completamente|integramente|enteramente) en (${LANGUAGES})\\b`,
  'g',
);
const SENTENCE_IS_IN = new RegExp(
  `\\b(?:esta|estara|llega|llegara|viene|vendra|sale|saldra) en (${LANGUAGES})\\b`,
  'g',
);
/** 'Sora hablará castellano': a character speaking Spanish in a coming release (not 'hablan alemán' in an advert). */
const SENTENCE_SPEAKS = /\bhablara(?:n)? (?:en )?(castellano|espanol|nuestro idioma)\b/g;
const SENTENCE_ORIGINAL = /\b(?:doblaje|voces|audio) original(?:es)?\b/g;
const SENTENCE_INVERTED = new RegExp(
  `\\ben (${LANGUAGES}) (?:son|seran|estan|estaran) (?:los |las )?${NOUN}\\b`,
  'g',
);

/** Words that turn what follows into a wish, a fear or a counterfactual ('para que venga doblado'). */
const SUBJUNCTIVE =
  /\b(?:venga|vengan|llegue|lleguen|salga|salgan|sea|sean|tenga|tengan|cuente|cuenten|incluya|incluyan|hubiese|hubiera|hubiesen|hubieran)\b/;
/** Words that mark a rumour or a guess in the same clause ('se rumoreó que…', 'pareció ser que…'). */
const HEARSAY = /\b(?:rumor\w*|rumore\w*|parecio|parecia|podria|podrian|quiza|quizas|ojala)\b/;
const NEGATION = /\b(?:no|sin|ni|nunca|tampoco|falta|carece)\b|\bde menos\b/;

/** The clause before a match: from the last punctuation mark, at most the last `words` words. */
function clauseBefore(line: string, index: number, words?: number): string {
  const clause =
    line
      .slice(0, index)
      .split(/[.;:!?,]/)
      .pop() ?? '';
  return words === undefined ? clause : clause.trim().split(' ').slice(-words).join(' ');
}

/** The fields a phrase states, each with the languages it names; nothing for one without a statement. */
function statedIn(line: string): Said[] {
  const said: Said[] = [];
  const add = (match: RegExpMatchArray, fields: Field[], languages: string, absent = false) => {
    const index = match.index ?? 0;
    if (SUBJUNCTIVE.test(clauseBefore(line, index, 3)) || HEARSAY.test(clauseBefore(line, index))) return;
    const negated =
      absent ||
      (NEGATION.test(clauseBefore(line, index, 4)) && !/\bno solo\b/.test(clauseBefore(line, index, 4)));
    for (const field of fields) said.push({ field, languages, absent: negated });
  };
  const specLine = SPEC_LINE.exec(line);
  if (specLine) add(specLine, [fieldOf(specLine[1])], specLine[2]);
  for (const match of line.matchAll(LABELLED)) add(match, [fieldOf(match[1])], match[2]);
  for (const match of line.matchAll(SENTENCE_PAIR)) {
    add(match, [fieldOf(match[1])], match[2]);
    add(match, [fieldOf(match[3])], match[4]);
  }
  for (const match of line.matchAll(SENTENCE_BOTH))
    add(match, [fieldOf(match[1]), fieldOf(match[2])], match[3]);
  for (const match of line.matchAll(SENTENCE_DONE)) {
    add(match, match[2] ? [fieldOf(match[1]), fieldOf(match[2])] : [fieldOf(match[1])], match[3]);
  }
  for (const match of line.matchAll(SENTENCE_WITH))
    add(match, [fieldOf(match[2])], match[3], match[1] !== 'con');
  for (const match of line.matchAll(SENTENCE_WHOLLY)) add(match, ['text', 'audio'], match[1]);
  for (const match of line.matchAll(SENTENCE_IS_IN)) add(match, ['text'], match[1]);
  for (const match of line.matchAll(SENTENCE_SPEAKS)) add(match, ['audio'], match[1]);
  for (const match of line.matchAll(SENTENCE_ORIGINAL)) add(match, ['audio'], 'original');
  for (const match of line.matchAll(SENTENCE_INVERTED)) add(match, [fieldOf(match[2])], match[1]);
  return said;
}

/** A label piece ('Texto', 'Voces:') followed by a piece that is only languages ('Inglés, Japonés'). */
function labelledPair(label: string, value: string): Said | null {
  const field = BARE_LABEL.exec(label);
  const languages = ONLY_LANGUAGES.exec(value);
  return field && languages ? { field: fieldOf(field[1]), languages: languages[1], absent: false } : null;
}

/**
 * A line split where its words were glued together when the elements around them lost their
 * separation ('TextoEspañol', 'animeVoces en japonésTextos en español'): a lower-case letter right
 * before an upper-case one.
 */
const segmentsOf = (line: string) => line.split(/(?<=[a-zà-ÿ¦®ª¢²¹?])(?=[A-ZÁÉÍÓÚÑ])/u);

/** Which Spanish a list of languages names: Spain's ('castellano', 'español') and Latin America's. */
function spanishIn(languages: string): Record<LanguageLocale, boolean> {
  const names = languages.split(/, al | y al |, | y | e | o |\//);
  const latin = names.some((name) => /latino|latinoamerica|america latina|neutro|mexico/.test(name));
  const spain = names.some((name) =>
    ['castellano', 'castellano de espana', 'espanol', 'espanol de espana', 'nuestro idioma'].includes(name),
  );
  return { 'es-ES': spain, 'es-419': latin };
}

/**
 * The Spanish a review page states for its game, read from its visible text line by line (scripts,
 * styles and the like left out). Per Spanish and field: true when some statement names that Spanish,
 * false when statements name only other languages or say Spanish is missing (for Latin American
 * Spanish, only when no Spanish at all is named, since 'español' in a Spanish review means Spain's),
 * null when nothing is said. Null when the page states nothing.
 */
export function readSpanishStatement($: CheerioAPI): SpanishStatement | null {
  const said: Said[] = [];
  const phrases: string[] = [];
  const record = (phrase: string, found: Said[]) => {
    // 'No contará con doblaje en inglés' says nothing of Spanish.
    const kept = found.filter(
      ({ languages, absent }) => !absent || Object.values(spanishIn(languages)).some(Boolean),
    );
    if (kept.length === 0) return;
    if (!phrases.includes(phrase)) phrases.push(phrase);
    said.push(...kept);
  };
  const lines = elementLines($('body').length ? $('body') : $.root());
  // Glued segments of all lines in order, so a label line ('Texto', a <dt>) meets its value line.
  const segments = lines.flatMap((line) => segmentsOf(line.text));
  segments.forEach((segment, index) => {
    record(segment, statedIn(plain(segment)));
    const next = segments[index + 1];
    const pair = next === undefined ? null : labelledPair(plain(segment), plain(next));
    if (pair) record(`${segment} ${next}`, [pair]);
  });
  for (const { pieces } of lines) {
    pieces.forEach((piece, index) => {
      const next = pieces[index + 1];
      const pair = next === undefined ? null : labelledPair(plain(piece), plain(next));
      if (pair) record(`${piece} ${next}`, [pair]);
    });
  }
  if (phrases.length === 0) return null;
  const factsOf = (field: Field) => {
    const stated = said.filter((entry) => entry.field === field);
    const named = (locale: LanguageLocale) =>
      stated.some(({ languages, absent }) => !absent && spanishIn(languages)[locale]);
    const any = stated.length > 0;
    // Some statement saying it is there wins over another saying it is not (another platform, a patch).
    const spain = named('es-ES') ? true : any ? false : null;
    const latin = named('es-419') ? true : named('es-ES') || !any ? null : false;
    return { spain, latin };
  };
  const text = factsOf('text');
  const audio = factsOf('audio');
  return {
    languages: {
      'es-ES': { text: text.spain, audio: audio.spain },
      'es-419': { text: text.latin, audio: audio.latin },
    },
    phrases,
  };
}
