/**
 * Turns a score as an outlet publishes it ('8,5/10', '4/5', '★★★★☆', '85%', 'B+', a schema.org
 * ratingValue...) into the integer 0-100 that Veredicto stores and averages (docs/CONTRACT.md §2).
 *
 * `rating` is null when the score cannot be read or is implausible, that is not on the page's own scale
 * (85 on a page that says out of 10, 0 where the worst is 1): the score is refused, the review is listed
 * but unscored, never averaged as 0 nor squeezed into the scale.
 *
 * `scale` says how the raw score was read:
 * - '10', '100', '5'...  a numeric scale up to that value: x/N counts x ÷ N (docs/CONTRACT.md §2), also when a
 *                        schema.org Rating declares `worstRating: 1` (4/5 is 80, not 75);
 * - '%'                  a percentage;
 * - 'A-F'                a letter grade, converted with LETTER_GRADES below.
 *
 * Letter grades follow the usual US school table; D- is the lowest pass and F stands for every failing
 * grade, so it gets a single value rather than 0 (an F game is bad, not unplayable):
 *
 * | grade | rating |   | grade | rating |   | grade | rating |
 * |-------|--------|---|-------|--------|---|-------|--------|
 * | A+    | 100    |   | B-    | 80     |   | D+    | 67     |
 * | A     | 95     |   | C+    | 77     |   | D     | 63     |
 * | A-    | 90     |   | C     | 73     |   | D-    | 60     |
 * | B+    | 87     |   | C-    | 70     |   | F     | 40     |
 * | B     | 83     |   |       |        |   |       |        |
 */
export interface NormalizedScore {
  /** Integer 0-100, rounded half up; null when unscored. */
  rating: number | null;
  /** The score as published, whitespace collapsed. */
  raw: string;
  /** The scale the score was read on (see above), or null when the score was not understood. */
  scale: string | null;
}

/** The bounds of a schema.org Rating (bestRating, worstRating) when the caller knows them. */
export interface ScoreScaleHint {
  best?: number;
  worst?: number;
}

export const LETTER_GRADES: Readonly<Record<string, number>> = {
  'A+': 100,
  A: 95,
  'A-': 90,
  'B+': 87,
  B: 83,
  'B-': 80,
  'C+': 77,
  C: 73,
  'C-': 70,
  'D+': 67,
  D: 63,
  'D-': 60,
  F: 40,
};

/** schema.org: "If bestRating is omitted, 5 is assumed." */
const SCHEMA_ORG_DEFAULT_BEST = 5;

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const FRACTION = new RegExp(
  String.raw`(-?${NUMBER})\s*(?:\/|\bde\b|\bsobre\b|\bout of\b|\bof\b)\s*(${NUMBER})`,
  'i',
);
const PERCENT = new RegExp(String.raw`^(-?${NUMBER})\s*%$`);
const BARE_NUMBER = new RegExp(String.raw`^(-?${NUMBER})$`);
const LETTER = /^([A-DF])\s*([+\-−–])?$/i;
/** Labels in front of a score ('Nota: 8,5', 'Score - 85') that carry no meaning for the value. */
const LABEL =
  /^(?:(?:nota final|nuestra nota|nota|puntuaci[oó]n final|puntuaci[oó]n|calificaci[oó]n|valoraci[oó]n|veredicto|score|rating|grade|verdict|metascore)\b\s*[:\-–]?\s*)+/i;
/** Units after a score ('4.5 stars', '85 puntos') that do not change the scale. */
const UNIT = /\s*(?:stars?|estrellas?|points?|puntos?|pts\.?)$/i;
const FULL_STAR = /[★⭐]/gu;
const EMPTY_STAR = /[☆✩]/gu;
const HALF_STAR = /½/gu;

export function normalizeScore(raw: string | number, hint?: ScoreScaleHint): NormalizedScore {
  if (typeof raw === 'number') {
    const text = Number.isFinite(raw) ? String(raw) : '';
    return Number.isFinite(raw) ? fromNumber(raw, text, hint) : unscored(text);
  }
  const text = raw.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
  return fromText(text, hint);
}

function fromText(text: string, hint: ScoreScaleHint | undefined): NormalizedScore {
  const stars = fromStars(text);
  if (stars) return stars;

  const value = text.replace(LABEL, '').replace(UNIT, '').trim();

  const letter = LETTER.exec(value);
  if (letter) {
    const grade = letter[1].toUpperCase() + (letter[2] ? (letter[2] === '+' ? '+' : '-') : '');
    const rating = LETTER_GRADES[grade] as number | undefined;
    return rating === undefined ? unscored(text) : { rating, raw: text, scale: 'A-F' };
  }

  const percent = PERCENT.exec(value);
  if (percent) return onScale(parseNumber(percent[1]), 0, 100, text, '%');

  // An explicit denominator in the text wins over any hint: the outlet said what it meant.
  const fraction = FRACTION.exec(value);
  if (fraction) {
    const best = parseNumber(fraction[2]);
    return onScale(parseNumber(fraction[1]), 0, best, text, formatNumber(best));
  }

  const bare = BARE_NUMBER.exec(value);
  if (bare) return fromNumber(parseNumber(bare[1]), text, hint);

  return unscored(text);
}

function fromNumber(value: number, text: string, hint: ScoreScaleHint | undefined): NormalizedScore {
  if (hint) {
    const worst = validBound(hint.worst) ?? 0;
    const explicitBest = validBound(hint.best);
    // A publisher that omits bestRating but writes 8 or 85 plainly did not mean "out of 5"; reading the
    // number like a bare score is more faithful than discarding the review as out of range.
    if (explicitBest !== undefined || value <= SCHEMA_ORG_DEFAULT_BEST) {
      const best = explicitBest ?? SCHEMA_ORG_DEFAULT_BEST;
      // worstRating only bounds what is plausible: the value still counts value ÷ best.
      if (value < worst) return { rating: null, raw: text, scale: formatNumber(best) };
      return onScale(value, 0, best, text, formatNumber(best));
    }
  }
  // Without a scale, outlets score out of 10 (8,5) or out of 100 (85).
  if (value >= 0 && value <= 10) return onScale(value, 0, 10, text, '10');
  if (value > 10 && value <= 100) return onScale(value, 0, 100, text, '100');
  return unscored(text);
}

/** '★★★★☆' is 4 out of 5; without empty stars the scale is 5; '½' adds half a star. */
function fromStars(text: string): NormalizedScore | null {
  const full = text.match(FULL_STAR)?.length ?? 0;
  const empty = text.match(EMPTY_STAR)?.length ?? 0;
  const half = text.match(HALF_STAR)?.length ?? 0;
  if (full + empty === 0) return null;
  // Stars next to a number ('4.5/5 ★') are decoration: let the number speak.
  if (/\d/.test(text)) return null;
  const best = empty > 0 ? full + empty + half : Math.max(5, full + half);
  return onScale(full + half / 2, 0, best, text, formatNumber(best));
}

function onScale(value: number, worst: number, best: number, text: string, scale: string): NormalizedScore {
  if (!Number.isFinite(value) || !(best > worst) || value < worst || value > best) {
    return { rating: null, raw: text, scale };
  }
  return { rating: roundHalfUp(((value - worst) * 100) / (best - worst)), raw: text, scale };
}

function unscored(text: string): NormalizedScore {
  return { rating: null, raw: text, scale: null };
}

/** Half up on the decimal value: 8,45/10 is 84.5 and counts 85, despite 8.45 * 10 being 84.4999... */
function roundHalfUp(value: number): number {
  return Math.floor(Number(value.toFixed(6)) + 0.5);
}

function parseNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

function validBound(bound: number | undefined): number | undefined {
  return typeof bound === 'number' && Number.isFinite(bound) ? bound : undefined;
}

function formatNumber(value: number): string {
  return String(value);
}
