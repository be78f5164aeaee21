/**
 * Title words that mark a game adult (docs/CONTRACT.md §16), besides IGDB's 'Erotic' theme. Whole words
 * only: 'Sexy Brutale' and 'Essex' stay in the lists.
 */
const MATURE_TITLE_WORDS = [
  'hentai',
  'porn',
  'porno',
  'xxx',
  'nsfw',
  'erotic',
  'erotica',
  'eroge',
  'sex',
  'nude',
];

const MATURE_TITLE = new RegExp(
  `(^|[^\\p{L}\\p{N}])(${MATURE_TITLE_WORDS.join('|')})($|[^\\p{L}\\p{N}])`,
  'iu',
);

/** IGDB's theme of adult games. */
export const MATURE_IGDB_THEME = 'Erotic';

export const isMatureTitle = (title: string): boolean => MATURE_TITLE.test(title);
