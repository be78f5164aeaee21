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
/** ISO 8601 and its loose cousins ('2022-5-5 22:17:36'): year first is never ambiguous. */
const ISO_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT|CEST|CET)?)?$/i;
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
/** '12/03/2025', '12-03-2025', '12.03.2025': day first in Spain and most locales, month first in the US. */
const NUMERIC_DATE = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)/;
/** '5/29/25', '29/05/25': two-digit years are this century's, read only after every fuller form. */
const NUMERIC_SHORT_YEAR = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{2})(?![\d/.-])/;
/** C's asctime and JavaScript's Date#toString: 'Tue Mar  4 10:00:00 2025', 'Tue Mar 04 2025 10:00:00 GMT+0100'. */
const ASCTIME = new RegExp(
  String.raw`^[a-z]{3},?\s+${MONTH_NAME}\s+(\d{1,2})\s+(?:(\d{1,2}):(\d{2}):(\d{2})\s+(\d{4})|(\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})(?:\s+(?:GMT|UTC)([+-]\d{4}))?)`,
  'i',
);
/** 'hace 2 horas', 'hace un día', 'hace 5 min', '3 hours ago'. */
const RELATIVE_AGO =
  /^(?:publicado\s+|actualizado\s+|posted\s+|updated\s+)?(?:hace\s+(un|una|\d{1,3})\s+(\p{L}+)|(an?|\d{1,3})\s+(\p{L}+)\s+ago)\.?$/iu;
/** 'ayer', 'ayer a las 18:30', 'hoy, 09:15', 'anteayer', 'yesterday at 6:30 pm'. */
const RELATIVE_DAY =
  /^(?:publicado\s+|actualizado\s+)?(hoy|ayer|anteayer|antes de ayer|today|yesterday)\b(?:[,\s]+(?:a las|at)?\s*(\d{1,2})[:.h](\d{2}))?/i;
const UNIT_MINUTES: Readonly<Record<string, number>> = {
  segundo: 1 / 60,
  segundos: 1 / 60,
  second: 1 / 60,
  seconds: 1 / 60,
  min: 1,
  mins: 1,
  minuto: 1,
  minutos: 1,
  minute: 1,
  minutes: 1,
  h: 60,
  hora: 60,
  horas: 60,
  hour: 60,
  hours: 60,
  dia: 1440,
  dias: 1440,
  day: 1440,
  days: 1440,
  semana: 10_080,
  semanas: 10_080,
  week: 10_080,
  weeks: 10_080,
};
/** Relative dates are only read in short texts (a byline), never inside running prose. */
const MAX_RELATIVE_TEXT = 60;

/** How to read what the text leaves open. */
export interface DateReading {
  /** The page's language and region ('es-ES', 'en-US', 'en_GB'): month first only for the US and alike. */
  locale?: string | null;
  /** The moment 'hace 2 horas' and 'ayer' count from (the fetch time); without it they are not read. */
  now?: Date;
  /** The outlet's own zone (from its country in the registry): wins over the zone guessed from the locale. */
  timeZone?: string | null;
}

/** Regions that write the month first ('4/6/2016' is 6 April there). */
const MONTH_FIRST_LOCALE = /^en(?:[-_](?:us|ca|ph|as|gu|mp|pr|um|vi))?$/i;

/** Whether a numeric date on a page in this locale puts the month first. */
export function monthFirst(locale: string | null | undefined): boolean {
  return Boolean(locale && MONTH_FIRST_LOCALE.test(locale.trim()));
}
const NUMERIC_YEAR_FIRST = /(?<!\d)(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?!\d)/;

/**
 * A publication date as an ISO 8601 timestamp (UTC), or null. Dates without a time zone are read as UTC
 * so that the result never depends on the machine running the scraper.
 */
export function parseDate(value: string | null | undefined, reading: DateReading = {}): string | null {
  const text = value?.replace(/[\s\u00a0]+/g, ' ').trim();
  if (!text) return null;

  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute = '0', second = '0', zone] = iso;
    // A time of day without a zone is the page's local time ('2022-5-5 22:17:36' on a Spanish page is
    // Madrid's 22:17): read as UTC it would show the next day to a reader in Spain.
    const offset =
      zone || hour === undefined ? zoneOffsetMinutes(zone) : localOffsetMinutes(reading, +year, +month, +day);
    return utcDate(+year, +month, +day, +(hour ?? 0), +minute, +second, offset);
  }
  const compact = COMPACT_DATE.exec(text);
  if (compact) {
    const [, year, month, day, hour = '0', minute = '0', second = '0'] = compact;
    return utcDate(+year, +month, +day, +hour, +minute, +second, 0);
  }
  const asctime = ASCTIME.exec(text);
  if (asctime) {
    const month = monthNumber(asctime[1]);
    const [hour, minute, second, year] = asctime[3]
      ? [asctime[3], asctime[4], asctime[5], asctime[6]]
      : [asctime[8], asctime[9], asctime[10], asctime[7]];
    const offset = asctime[11] ? zoneOffsetMinutes(asctime[11]) : 0;
    if (month) return utcDate(+year, month, +asctime[2], +hour, +minute, +second, offset);
  }
  if (reading.now && text.length <= MAX_RELATIVE_TEXT) {
    const relative = relativeDate(text, reading.now);
    if (relative) return relative;
  }
  // RFC 2822 ('Wed, 12 Mar 2025 10:00:00 GMT') is safe to hand to Date only when it carries a zone.
  if (/\d{1,2}:\d{2}/.test(text) && /\b(GMT|UTC)\b|[+-]\d{4}\b/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return inRange(new Date(time));
  }
  return findTextualDate(text, reading);
}

function relativeDate(text: string, now: Date): string | null {
  const ago = RELATIVE_AGO.exec(text);
  if (ago) {
    const amountText = (ago[1] ?? ago[3]).toLowerCase();
    const amount = /^\d+$/.test(amountText) ? Number(amountText) : 1;
    const unit = UNIT_MINUTES[(ago[2] ?? ago[4]).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')];
    return unit ? inRange(new Date(now.getTime() - amount * unit * 60_000)) : null;
  }
  const day = RELATIVE_DAY.exec(text);
  if (!day) return null;
  const word = day[1].toLowerCase();
  const daysBack = word === 'hoy' || word === 'today' ? 0 : word === 'ayer' || word === 'yesterday' ? 1 : 2;
  const date = new Date(now.getTime() - daysBack * 86_400_000);
  return utcDate(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    day[2] ? +day[2] : 0,
    day[3] ? +day[3] : 0,
    0,
    0,
  );
}

/** The first date written in words or digits inside a longer text ('Publicado el 12 de marzo de 2025'). */
export function findTextualDate(text: string, reading: DateReading = {}): string | null {
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
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [first, second] = [+numeric[1], +numeric[2]];
    return monthFirst(reading.locale)
      ? utcDate(+numeric[3], first, second, 0, 0, 0, 0)
      : utcDate(+numeric[3], second, first, 0, 0, 0, 0);
  }
  const short = NUMERIC_SHORT_YEAR.exec(text);
  if (short) {
    const [first, second, year] = [+short[1], +short[2], 2000 + Number(short[3])];
    return monthFirst(reading.locale)
      ? utcDate(year, first, second, 0, 0, 0, 0)
      : utcDate(year, second, first, 0, 0, 0, 0);
  }
  return null;
}

function monthNumber(name: string): number | undefined {
  return MONTHS[name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')];
}

/**
 * Locales and the zone their pages' zoneless times are read in: the country's zone, or for the US the
 * Eastern zone, where a newsroom's evening is already the next day in UTC but never in any US zone.
 * Others stay in UTC.
 */
const LOCALE_TIME_ZONES: Readonly<Record<string, string>> = {
  es: 'Europe/Madrid',
  'es-es': 'Europe/Madrid',
  'en-us': 'America/New_York',
  'en-gb': 'Europe/London',
  'en-ie': 'Europe/Dublin',
  'es-mx': 'America/Mexico_City',
  'es-co': 'America/Bogota',
  'es-pe': 'America/Lima',
  'es-cl': 'America/Santiago',
  'es-ve': 'America/Caracas',
};

/** The zone of each country whose press keeps one zone, for outlets the registry places there. */
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  ES: 'Europe/Madrid',
  MX: 'America/Mexico_City',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  UY: 'America/Montevideo',
  VE: 'America/Caracas',
  EC: 'America/Guayaquil',
  BO: 'America/La_Paz',
  PY: 'America/Asuncion',
  DO: 'America/Santo_Domingo',
  CR: 'America/Costa_Rica',
  GT: 'America/Guatemala',
  HN: 'America/Tegucigalpa',
  SV: 'America/El_Salvador',
  NI: 'America/Managua',
  PA: 'America/Panama',
  CU: 'America/Havana',
  PR: 'America/Puerto_Rico',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  IT: 'Europe/Rome',
  PT: 'Europe/Lisbon',
};

/** The time zone an outlet of that country (ISO 3166 code, as the registry stores it) writes its times in. */
export function countryTimeZone(country: string | null | undefined): string | null {
  return country ? (COUNTRY_TIME_ZONES[country.toUpperCase()] ?? null) : null;
}

/** The UTC offset of the page's time zone on that day (summer time included), 0 when unknown. */
function localOffsetMinutes(reading: DateReading, year: number, month: number, day: number): number {
  const { locale } = reading;
  const zone =
    reading.timeZone ??
    (locale ? LOCALE_TIME_ZONES[locale.trim().toLowerCase().replace('_', '-')] : undefined);
  if (!zone) return 0;
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  if (Number.isNaN(noon.getTime())) return 0;
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return match[1] === '-' ? -minutes : minutes;
}

const NAMED_ZONES: Record<string, number> = { UTC: 0, GMT: 0, CET: 60, CEST: 120 };

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  // Written as abbreviations by some Spanish sites ('2017-02-13T16:24:00CEST').
  const named = NAMED_ZONES[zone.toUpperCase()];
  if (named !== undefined) return named;
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
