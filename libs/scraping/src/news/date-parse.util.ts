const MONTHS: Readonly<Record<string, number>> = {
  enero: 1,
  ene: 1,
  febrero: 2,
  feb: 2,
  marzo: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  mayo: 5,
  may: 5,
  junio: 6,
  jun: 6,
  julio: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  septiembre: 9,
  setiembre: 9,
  sep: 9,
  sept: 9,
  set: 9,
  octubre: 10,
  oct: 10,
  noviembre: 11,
  nov: 11,
  diciembre: 12,
  dic: 12,
  january: 1,
  jan: 1,
  february: 2,
  march: 3,
  april: 4,
  apr: 4,
  june: 6,
  july: 7,
  august: 8,
  aug: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  dec: 12,
};

const MONTH_NAME = String.raw`([a-záéíóú]{3,10})\.?`;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?)?(Z)?$/i;
/** '12 de marzo de 2025', '12 marzo 2025', '12 Mar 2025'. */
const DAY_MONTH_YEAR = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:º|st|nd|rd|th)?\s+(?:de\s+)?${MONTH_NAME}\s*(?:de\s+|del\s+|,\s*)?(\d{4})(?!\d)`,
  'i',
);
/** 'March 12, 2025', 'marzo 12, 2025'. */
const MONTH_DAY_YEAR = new RegExp(
  String.raw`\b${MONTH_NAME}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`,
  'i',
);
/** '12/03/2025', '12-03-2025', '12.03.2025': day first, as Spanish outlets write them. */
const NUMERIC_DAY_FIRST = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)/;
const NUMERIC_YEAR_FIRST = /(?<!\d)(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?!\d)/;

/**
 * A publication date as an ISO 8601 timestamp (UTC), or null. Dates without a time zone are read as UTC
 * so that the result never depends on the machine running the scraper.
 */
export function parseDate(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;

  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = iso;
    return utcDate(+year, +month, +day, +hour, +minute, +second, zoneOffsetMinutes(zone));
  }
  const compact = COMPACT_DATE.exec(text);
  if (compact) {
    const [, year, month, day, hour = '0', minute = '0', second = '0'] = compact;
    return utcDate(+year, +month, +day, +hour, +minute, +second, 0);
  }
  // RFC 2822 ('Wed, 12 Mar 2025 10:00:00 GMT') is safe to hand to Date only when it carries a zone.
  if (/\d{1,2}:\d{2}/.test(text) && /\b(GMT|UTC)\b|[+-]\d{4}\b/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return inRange(new Date(time));
  }
  return findTextualDate(text);
}

/** The first date written in words or digits inside a longer text ('Publicado el 12 de marzo de 2025'). */
export function findTextualDate(text: string): string | null {
  const dayMonthYear = DAY_MONTH_YEAR.exec(text);
  if (dayMonthYear) {
    const month = monthNumber(dayMonthYear[2]);
    if (month) return utcDate(+dayMonthYear[3], month, +dayMonthYear[1], 0, 0, 0, 0);
  }
  const monthDayYear = MONTH_DAY_YEAR.exec(text);
  if (monthDayYear) {
    const month = monthNumber(monthDayYear[1]);
    if (month) return utcDate(+monthDayYear[3], month, +monthDayYear[2], 0, 0, 0, 0);
  }
  const yearFirst = NUMERIC_YEAR_FIRST.exec(text);
  if (yearFirst) return utcDate(+yearFirst[1], +yearFirst[2], +yearFirst[3], 0, 0, 0, 0);
  const dayFirst = NUMERIC_DAY_FIRST.exec(text);
  if (dayFirst) return utcDate(+dayFirst[3], +dayFirst[2], +dayFirst[1], 0, 0, 0, 0);
  return null;
}

function monthNumber(name: string): number | undefined {
  return MONTHS[name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')];
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

function utcDate(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offsetMinutes: number,
): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000);
  // Date.UTC rolls 31 February over into March; such a date was never meant.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return null;
  return inRange(date);
}

/** Video-game news and reviews are neither older than 1970s computing nor from the far future. */
function inRange(date: Date): string | null {
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 2100 ? date.toISOString() : null;
}
