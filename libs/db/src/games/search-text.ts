import { slugify as slugifyText } from '@veredicto/contract';

/**
 * Bump when normalizeSearchText or titleAcronyms change: the API's start then rewrites the stored search
 * text of every game and alias (GameImportRepository.refreshSearchText).
 */
export const SEARCH_TEXT_VERSION = '3';

const ROMAN_NUMERALS = [
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  'vii',
  'viii',
  'ix',
  'x',
  'xi',
  'xii',
  'xiii',
  'xiv',
  'xv',
  'xvi',
  'xvii',
  'xviii',
  'xix',
  'xx',
];
/** II-XX read as 2-20 ('I' alone is too often a pronoun or a letter to be a numeral). */
const ROMAN_TO_ARABIC = new Map(ROMAN_NUMERALS.map((roman, index) => [roman, String(index + 2)]));
/** A leading article carries no meaning for a search: 'The Witcher 3' is 'witcher 3'. */
const LEADING_ARTICLES = new Set(['the', 'a', 'an', 'el', 'la', 'los', 'las']);
/** '&', 'and' and the Spanish 'y' are one word, so 'Ratchet y Clank' finds 'Ratchet & Clank'. */
const CONJUNCTIONS = new Set(['and', 'y']);

function baseTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function canonicalToken(token: string): string {
  if (CONJUNCTIONS.has(token)) return 'and';
  return ROMAN_TO_ARABIC.get(token) ?? token;
}

/**
 * The one normalisation of titles, aliases and queries: lower case, accents removed (NFKD), apostrophes
 * dropped, every other run of non-alphanumerics one space, '&'/'and'/'y' one token, roman numerals II-XX
 * as arabic ones, and a leading article dropped (when something follows it).
 */
export function normalizeSearchText(text: string): string {
  const tokens = baseTokens(text).map(canonicalToken);
  if (tokens.length > 1 && LEADING_ARTICLES.has(tokens[0])) tokens.shift();
  return tokens.join(' ');
}

/** The normalised text without spaces: 'gta 5' and 'gta5' meet here. */
export function compactSearchText(normalized: string): string {
  return normalized.replace(/ /g, '');
}

/** Words an acronym skips: 'Part' in 'The Last of Us Part II' ('tlou2'). */
const ACRONYM_SKIPPED = new Set(['part', 'parte', 'and']);

function acronymOf(tokens: string[], keepNumerals: boolean): string {
  return tokens
    .filter((token) => !ACRONYM_SKIPPED.has(token))
    .map((token) => {
      if (/^\d+$/.test(token)) return token;
      if (ROMAN_TO_ARABIC.has(token)) return keepNumerals ? token : ROMAN_TO_ARABIC.get(token)!;
      return token[0];
    })
    .join('');
}

/**
 * The acronyms people type for a title: of the whole title ('gtav', 'gta5', 'rdr2', 'tlou2', 'ff7') and of
 * its subtitle ('botw', 'totk'). Kept only when useful: at least three characters from at least three
 * words, and at least one letter (a bare number finds nothing meaningful).
 */
export function titleAcronyms(title: string): string[] {
  const parts = title.split(/\s*[:\u2013\u2014]\s*|\s+-\s+/).filter((part) => part.trim());
  const candidates = [title, ...(parts.length > 1 ? parts.slice(1) : [])];
  const acronyms = new Set<string>();
  for (const candidate of candidates) {
    const tokens = baseTokens(candidate);
    if (tokens.filter((token) => !ACRONYM_SKIPPED.has(token)).length < 3) continue;
    for (const keepNumerals of [true, false]) {
      const acronym = acronymOf(tokens, keepNumerals);
      if (acronym.length >= 3 && acronym.length <= 10 && /[a-z]/.test(acronym)) acronyms.add(acronym);
    }
  }
  return [...acronyms];
}

/**
 * Possessive brands a title carries before its own name ("Marvel's Spider-Man 2", "Tom Clancy's The
 * Division"): people search the name without them. A curated list, not every possessive: "Assassin's
 * Creed" and "Tony Hawk's Pro Skater" are names, not brands.
 */
const TITLE_BRANDS = [
  'marvels',
  'tom clancys',
  'sid meiers',
  'disneys',
  'disney pixars',
  'clive barkers',
  'american mcgees',
  'tim burtons',
  'peter jacksons',
  'james camerons',
  'ridley scotts',
].map((brand) => brand.split(' '));

/**
 * The title without its possessive brand ("Marvel's Spider-Man 2" → "Spider-Man 2"), or null when it has
 * none or nothing would be left. Searched as an alias, a little below the title itself.
 */
export function titleWithoutBrand(title: string): string | null {
  const tokens = baseTokens(title);
  const brand = TITLE_BRANDS.find(
    (words) => words.length < tokens.length && words.every((word, index) => tokens[index] === word),
  );
  if (!brand) return null;
  // The same words cut from the title as written: a word is a run of letters, digits and apostrophes.
  let rest = title;
  for (let index = 0; index < brand.length; index++) {
    const word = /^[^\p{L}\p{N}]*[\p{L}\p{N}'’`´]+/u.exec(rest);
    if (!word) return null;
    rest = rest.slice(word[0].length);
  }
  rest = rest.replace(/^[^\p{L}\p{N}]+/u, '').trim();
  return baseTokens(rest).length > 0 ? rest : null;
}

/**
 * The small curated table of franchise abbreviations: a query word that is one of them (alone or glued
 * to a number, 'ff7') is also read as the franchise's name.
 */
export const FRANCHISE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  gta: 'grand theft auto',
  cod: 'call of duty',
  ff: 'final fantasy',
  mgs: 'metal gear solid',
  re: 'resident evil',
  ac: 'assassins creed',
  mk: 'mortal kombat',
  tlou: 'last of us',
  rdr: 'red dead redemption',
  loz: 'legend of zelda',
  tloz: 'legend of zelda',
  dmc: 'devil may cry',
  kh: 'kingdom hearts',
  cs: 'counter strike',
  nfs: 'need for speed',
  ffx: 'final fantasy 10',
  smt: 'shin megami tensei',
  dq: 'dragon quest',
  mh: 'monster hunter',
  bg: 'baldurs gate',
  tes: 'elder scrolls',
  wow: 'world of warcraft',
  lol: 'league of legends',
  pvz: 'plants vs zombies',
};

/**
 * The small curated table of franchise names as people type them (normalised, see normalizeSearchText),
 * each with the name the catalogue's titles use: a franchise word alone ('zelda': its main games are
 * 'The Legend of Zelda: …', its fan projects 'Zelda …'), the Spanish names of franchises ('la leyenda de
 * zelda', 'el hombre araña') and hyphenated or two-word names written as one word ('spiderman').
 */
const FRANCHISE_NAMES_AS_TYPED: Readonly<Record<string, string>> = {
  zelda: 'legend of zelda',
  'leyenda de zelda': 'legend of zelda',
  spiderman: 'spider man',
  'hombre arana': 'spider man',
  xmen: 'x men',
  megaman: 'mega man',
  pacman: 'pac man',
  halflife: 'half life',
  dragonball: 'dragon ball',
  'bola de dragon': 'dragon ball',
  supermario: 'super mario',
  streetfighter: 'street fighter',
  farcry: 'far cry',
  deadspace: 'dead space',
  'senor de los anillos': 'lord of the rings',
  'tierra media': 'middle earth',
  'guerra de las galaxias': 'star wars',
  'tortugas ninja': 'teenage mutant ninja turtles',
  'bob esponja': 'spongebob',
  'caballeros del zodiaco': 'saint seiya',
  'piratas del caribe': 'pirates of the caribbean',
  vengadores: 'avengers',
};

/** The table as the search compares it: both sides normalised ('x men' is '10 men', as 'X-Men' is). */
export const FRANCHISE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FRANCHISE_NAMES_AS_TYPED).map(([typed, name]) => [
    normalizeSearchText(typed),
    normalizeSearchText(name),
  ]),
);

/**
 * The franchise a query names and nothing more ('zelda', 'la leyenda de zelda' → 'legend of zelda'), as
 * its main games' titles start; null otherwise.
 */
export function franchiseOf(normalized: string): string | null {
  return Object.hasOwn(FRANCHISE_NAMES, normalized) ? FRANCHISE_NAMES[normalized] : null;
}

/** The table's names, longest first: 'leyenda de zelda' is read before 'zelda'. */
const FRANCHISE_PHRASES = Object.keys(FRANCHISE_NAMES).sort((a, b) => b.length - a.length);

/**
 * The query with its franchise names read as the catalogue writes them ('la leyenda de zelda' and 'zelda'
 * → 'legend of zelda', 'spiderman' → 'spider man'); a name already written out is left alone ('legend of
 * zelda' stays). Whole words only.
 */
function writeOutNames(normalized: string): string {
  let text = ` ${normalized} `;
  const written: string[] = [];
  for (const phrase of FRANCHISE_PHRASES) {
    const name = FRANCHISE_NAMES[phrase];
    if (!text.includes(` ${phrase} `) || text.includes(` ${name} `)) continue;
    // A placeholder (normalised text has no '#') keeps a written-out name from being read again by a shorter phrase; the Spanish
    // article before a name goes with it ('lego el señor de los anillos').
    text = text.replace(new RegExp(` (?:(?:el|la|los|las) )?${phrase} `), ` #${written.length} `);
    written.push(name);
  }
  return text.trim().replace(/#(\d+)/g, (_, index: string) => written[Number(index)]);
}

/**
 * The query read with its franchise names and abbreviations written out ('gta 5' → 'grand theft auto
 * 5', 'ff7' → 'final fantasy 7', 'la leyenda de zelda' → 'legend of zelda'), or null when it has none.
 */
export function expandFranchises(normalized: string): string | null {
  const named = writeOutNames(normalized);
  let changed = named !== normalized;
  const words = named.split(' ').map((word) => {
    const match = /^([a-z]+)(\d*)$/.exec(word);
    const franchise = match ? FRANCHISE_ABBREVIATIONS[match[1]] : undefined;
    if (!match || !franchise) return word;
    changed = true;
    return match[2] ? `${franchise} ${match[2]}` : franchise;
  });
  return changed ? words.join(' ') : null;
}

/** The contract's slug rule (libs/contract), with a fallback so that a stored slug is never empty. */
export function slugify(text: string): string {
  return slugifyText(text) || 'sin-titulo';
}
