/**
 * Dates as a Spanish reader reads them (dd-MM-yyyy; release dates only as precise as they are known),
 * shared by the front and the browser tests.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date sent as a timestamp: midnight UTC, as news and review dates are stored. */
const MIDNIGHT_UTC = /^(\d{4})-(\d{2})-(\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|\+00:?00)$/;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * dd-MM-yyyy; empty text when missing or invalid. Calendar dates (YYYY-MM-DD, or midnight UTC) are shown
 * as the day they name: read in the reader's time zone they would be the day before in the Americas.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = DATE_ONLY.exec(value) ?? MIDNIGHT_UTC.exec(value);
  if (dateOnly) return `${dateOnly[3]}-${dateOnly[2]}-${dateOnly[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** How much of a release date is known: the day, the month, the quarter or only the year. */
export const RELEASE_DATE_PRECISIONS = ['day', 'month', 'quarter', 'year'] as const;
export type ReleaseDatePrecision = (typeof RELEASE_DATE_PRECISIONS)[number];

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * A release date as precise as it is known: '2026', 'T1 2026', 'marzo de 2026' or dd-MM-yyyy, never an
 * invented day. Empty text when there is no date.
 */
export function formatReleaseDate(
  value: string | null | undefined,
  precision: ReleaseDatePrecision | null | undefined,
): string {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return formatDate(value);
  const [, year, month] = match;
  if (precision === 'year') return year;
  if (precision === 'quarter') return `T${Math.ceil(Number(month) / 3)} ${year}`;
  if (precision === 'month') return `${MONTHS[Number(month) - 1]} de ${year}`;
  return formatDate(value);
}

/** The year of a YYYY-MM-DD date, or null. */
export const releaseYear = (value: string | null | undefined): string | null =>
  value && DATE_ONLY.test(value) ? value.slice(0, 4) : null;
