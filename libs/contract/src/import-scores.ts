/**
 * The scales a score column of an imported file can be on (docs/CONTRACT.md §18): Backloggd and Grouvee
 * give 0-5 stars with halves, a Spanish spreadsheet 0-10 with a decimal comma ('8,5'), others 0-100; a cell
 * may name its own ('8,5/10'). The API and the import's preview read a cell the same way, with these.
 */
export const IMPORT_SCORE_SCALES = [5, 10, 100] as const;
export type ImportScoreScale = (typeof IMPORT_SCORE_SCALES)[number];

export interface ImportScoreText {
  value: number;
  /** The scale the cell names itself ('7/10'), or null when the column's scale applies. */
  outOf: ImportScoreScale | null;
}

/** A score as written ('8,5', '8.5', '7/10', '4,5 / 5'); null when empty, undefined when unreadable. */
export function readScoreText(text: string): ImportScoreText | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^(\d{1,3}(?:[.,]\d+)?)(?:\s*\/\s*(5|10|100))?$/.exec(trimmed);
  if (!match) return undefined;
  return {
    value: Number(match[1].replace(',', '.')),
    outOf: match[2] ? (Number(match[2]) as ImportScoreScale) : null,
  };
}

/** The score on Veredicto's 0-100 scale; null when it lies outside its scale. */
export function scoreOnHundred(score: ImportScoreText, columnScale: ImportScoreScale): number | null {
  const outOf = score.outOf ?? columnScale;
  return score.value <= outOf ? Math.round((score.value / outOf) * 100) : null;
}

/**
 * The scale of a column from its values: above 10 it is 0-100; a value above 5, or a decimal that is not
 * a half, makes it 0-10; values all within 0-5 in halves could be stars, tenths or hundredths, so null
 * (the user is asked). Cells that name their own scale say nothing of the others.
 */
export function scaleFromValues(scores: ImportScoreText[]): ImportScoreScale | null {
  const values = scores.filter((score) => score.outOf === null).map((score) => score.value);
  if (values.length === 0) return 100;
  const highest = Math.max(...values);
  if (highest > 10) return 100;
  if (highest > 5 || values.some((value) => !Number.isInteger(value * 2))) return 10;
  return null;
}

/** '8,5/10 → 85': one mapping of the preview, written the Spanish way. */
export function scoreMappingLabel(text: string, columnScale: ImportScoreScale | null): string | null {
  const score = readScoreText(text);
  if (!score) return null;
  const outOf = score.outOf ?? columnScale;
  if (outOf === null) return null;
  const mapped = scoreOnHundred(score, outOf);
  const written = String(score.value).replace('.', ',');
  return `${written}/${outOf} → ${mapped ?? 'fuera de escala'}`;
}
