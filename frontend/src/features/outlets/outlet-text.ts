import type { OutletDeviation } from '../../lib/types';

const regions = new Intl.DisplayNames(['es-ES'], { type: 'region' });
const languages = new Intl.DisplayNames(['es-ES'], { type: 'language' });
const number = (digits: number) =>
  new Intl.NumberFormat('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 'España' for 'ES'; 'Desconocido' when missing. */
export const countryName = (code: string | null) =>
  code ? (regions.of(code.toUpperCase()) ?? code) : 'Desconocido';

/** 'español' for 'es'; 'desconocido' when missing. */
export const languageName = (code: string | null) => (code ? (languages.of(code) ?? code) : 'desconocido');

/** '+2,4' / '-1,0' / '0,0' with the decimals given. */
export function signedPoints(value: number, digits = 1): string {
  const text = number(digits).format(Math.abs(value));
  if (Number(text.replace(',', '.')) === 0) return text;
  return `${value > 0 ? '+' : '−'}${text}`;
}

export const decimal = (value: number, digits = 1) => number(digits).format(value);

/** What the deviation's interval says, in a reader's words. */
export function deviationVerdict(deviation: OutletDeviation): string {
  if (deviation.mean === null || deviation.ci95 === null) {
    return `Sin datos suficientes: hacen falta 10 juegos comparables y tiene ${deviation.games}.`;
  }
  const [lo, hi] = deviation.ci95;
  if (lo > 0) return 'Puntúa por encima del consenso: más generoso que la media de los medios.';
  if (hi < 0) return 'Puntúa por debajo del consenso: más duro que la media de los medios.';
  return 'Puntúa en línea con el consenso: su diferencia no se distingue de cero.';
}
