import { normalizeSearchText } from '../games/search-text.js';

export interface SeriesKeys {
  /** The title before a subtitle or a number: 'Dark Souls III' → 'dark souls', 'Halo: Reach' → 'halo'. */
  series: string | null;
  /** A looser key for titles with no number: 'Gran Turismo Sport' → 'gran turismo', 'Metro Exodus' → 'metro'. */
  loose: string | null;
}

/**
 * The series a title names, read from the title alone (the catalogue has no franchise field): its words
 * before a colon, cut at the first number, in the search normalisation (roman numerals as digits).
 */
export function seriesKeys(title: string): SeriesKeys {
  const words = normalizeSearchText(title.split(/:| - /)[0]).split(' ').filter(Boolean);
  const numbered = words.findIndex((word) => /^\d+$/.test(word));
  const head = numbered === -1 ? words : words.slice(0, numbered);
  const series = head.join(' ');
  if (series.length < 3) return { series: null, loose: null };
  const loose =
    numbered !== -1 || head.length < 2
      ? null
      : head[0].length >= 5
        ? head[0]
        : head.length > 2
          ? head.slice(0, 2).join(' ')
          : null;
  return { series, loose };
}
