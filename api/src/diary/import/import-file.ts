import chardet from 'chardet';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import {
  readScoreText,
  scaleFromValues,
  scoreOnHundred,
  type ImportScoreScale,
  type ImportScoreText,
  type PlayStatus,
} from '@veredicto/contract';
import type { DiaryImportFormat, DiaryImportRow } from '@veredicto/db';
import { isCalendarDate } from '../calendar-date.js';
import { roundHours } from '../hours.js';

/** The most rows one import takes: a lifetime's backlog, not a catalogue. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * The columns of Veredicto's own CSV (the export writes them, the import reads them back: each is one of
 * COLUMN_NAMES once folded), in Spanish: a reader opens the file in a spreadsheet.
 */
export const OWN_CSV_COLUMNS = [
  'Título',
  'ID IGDB',
  'Plataforma',
  'Estado',
  'Nota',
  'Horas',
  'Fecha de inicio',
  'Fecha de fin',
] as const;

export class ImportFileError extends Error {}

type Field = 'title' | 'igdbId' | 'platform' | 'status' | 'rating' | 'hours' | 'startedAt' | 'finishedAt';

/** Lower case, no accents, letters and digits only: 'Título' and 'TITULO' and 'titulo ' are one name. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Column names in Spanish or English, folded (foldText). */
const COLUMN_NAMES: Record<Field, string[]> = {
  title: ['title', 'titulo', 'name', 'nombre', 'juego', 'game'],
  igdbId: ['igdbid', 'igdb id', 'igdb', 'id igdb'],
  platform: ['platform', 'plataforma', 'platforms', 'plataformas'],
  status: ['status', 'estado'],
  rating: ['rating', 'nota', 'puntuacion', 'score'],
  hours: ['hours', 'horas', 'hours played', 'horas jugadas'],
  startedAt: ['startedat', 'started at', 'started', 'start date', 'empezado', 'inicio', 'fecha de inicio'],
  finishedAt: ['finishedat', 'finished at', 'finished', 'end date', 'terminado', 'fin', 'fecha de fin'],
};

/** Status words in Spanish or English, folded. */
const STATUS_WORDS: Record<PlayStatus, string[]> = {
  want: [
    'want',
    'quiero jugarlo',
    'quiero jugar',
    'pendiente',
    'wishlist',
    'wish list',
    'backlog',
    'plan to play',
  ],
  playing: ['playing', 'jugando', 'in progress', 'en curso'],
  completed: ['completed', 'completado', 'terminado', 'played', 'beaten', 'finished', 'jugado'],
  abandoned: ['abandoned', 'abandonado', 'dropped', 'retired'],
  shelved: ['shelved', 'en pausa', 'pausado', 'on hold', 'paused', 'shelf'],
};

const statusOf = (text: string): PlayStatus | null | undefined => {
  const folded = foldText(text);
  if (!folded) return null;
  for (const [status, words] of Object.entries(STATUS_WORDS) as [PlayStatus, string[]][])
    if (words.includes(folded)) return status;
  return undefined;
};

/** yyyy-MM-dd as written, or a Spanish dd-MM-yyyy / dd/MM/yyyy; undefined when unreadable. */
const dateOf = (text: string): string | null | undefined => {
  const value = text.trim();
  if (!value) return null;
  const iso = value.slice(0, 10);
  if (isCalendarDate(iso) && (value.length === 10 || value[10] === 'T' || value[10] === ' ')) return iso;
  const spanish = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (spanish) {
    const candidate = `${spanish[3]}-${spanish[2].padStart(2, '0')}-${spanish[1].padStart(2, '0')}`;
    if (isCalendarDate(candidate)) return candidate;
  }
  return undefined;
};

/** A decimal number written with a point or a Spanish comma; undefined when it is not one. */
const numberOf = (text: string): number | null | undefined => {
  const value = text.trim().replace(',', '.');
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

const emptyRow = (line: number, title: string): DiaryImportRow => ({
  line,
  title,
  igdbId: null,
  platform: null,
  status: null,
  rating: null,
  hours: null,
  startedAt: null,
  finishedAt: null,
  problem: null,
});

/**
 * The separator of the file: a spreadsheet saved in Spanish (Excel, LibreOffice Calc) writes ';', since ','
 * is its decimal mark; the header line tells which one the file uses.
 */
export const csvDelimiter = (text: string): ',' | ';' | '\t' => {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => header.split(char).length - 1;
  // Excel's "Texto Unicode" separates with tabs.
  return ([';', '\t'] as const).reduce<',' | ';' | '\t'>(
    (best, char) => (count(char) > count(best) ? char : best),
    ',',
  );
};

/**
 * The file's text whatever its charset: a BOM says UTF-8 or UTF-16 (Excel's "Texto Unicode" is UTF-16LE);
 * without one, valid UTF-8 is UTF-8; anything else is detected (chardet), Windows-1252 when unsure, as
 * Excel's Spanish "CSV (delimitado por comas)" writes it.
 */
export function decodeImportFile(content: Buffer): string {
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf)
    return content.subarray(3).toString('utf8');
  if (content[0] === 0xff && content[1] === 0xfe) return iconv.decode(content.subarray(2), 'utf-16le');
  if (content[0] === 0xfe && content[1] === 0xff) return iconv.decode(content.subarray(2), 'utf-16be');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    const detected = chardet.detect(content);
    // chardet names a Latin-1 file ISO-8859-1; Windows-1252 is its superset (€, curly quotes, 'œ').
    const charset =
      detected && iconv.encodingExists(detected) && !/^iso-8859-1$/i.test(detected)
        ? detected
        : 'windows-1252';
    return iconv.decode(content, charset);
  }
}

/** Undoes the export's guard against formulas (a leading apostrophe before = + - @). */
const withoutFormulaGuard = (text: string): string => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

/** The score cells of a file, each read once (undefined: unreadable). */
const scoreTexts = (rows: DiaryImportRow[]): ImportScoreText[] =>
  rows.flatMap((row) => {
    const score = row.ratingText ? readScoreText(row.ratingText) : null;
    return score ? [score] : [];
  });

/**
 * The scale of the file's score column: its source's (Backloggd's and Grouvee's stars, our export's 0-100)
 * or read from its values; null when they cannot tell it (the user is asked).
 */
export function ratingScaleOf(rows: DiaryImportRow[], format: DiaryImportFormat): ImportScoreScale | null {
  if (format === 'backloggd' || format === 'grouvee') return 5;
  if (format === 'steam' || rows.some((row) => row.igdbId !== null)) return 100;
  return scaleFromValues(scoreTexts(rows));
}

/** A row's score on 0-100 with the column's scale; an import stored before scales were read keeps its own. */
export function ratingOf(row: DiaryImportRow, scale: ImportScoreScale | null): number | null {
  if (row.ratingText === undefined) return row.rating;
  const score = row.ratingText ? readScoreText(row.ratingText) : null;
  if (!score || (score.outOf === null && scale === null)) return null;
  return scoreOnHundred(score, score.outOf ?? scale!);
}

/** Reads a score cell into the row: kept as written, a problem when it is not a score. */
function takeScore(row: DiaryImportRow, text: string): string | null {
  const trimmed = text.trim();
  row.ratingText = trimmed || null;
  return readScoreText(trimmed) === undefined ? `nota ilegible «${trimmed}»` : null;
}

const readCsv = (text: string): Record<string, string>[] => {
  try {
    return parse(text, {
      delimiter: csvDelimiter(text),
      columns: (header: string[]) => header.map((name) => foldText(name)),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new ImportFileError(
      `El CSV no se puede leer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

const pick = (record: Record<string, string>, field: Field): string => {
  for (const name of COLUMN_NAMES[field]) if (record[name] !== undefined) return record[name];
  return '';
};

/** Veredicto's own CSV or a spreadsheet with our columns (Spanish or English). */
function ownCsvRows(records: Record<string, string>[]): DiaryImportRow[] {
  return records.map((record, index) => {
    const row = emptyRow(index + 1, withoutFormulaGuard(pick(record, 'title').trim()));
    const problems: string[] = [];
    const igdbId = numberOf(pick(record, 'igdbId'));
    if (igdbId && Number.isInteger(igdbId) && igdbId > 0) row.igdbId = igdbId;
    row.platform = withoutFormulaGuard(pick(record, 'platform').trim()).slice(0, 60) || null;
    const status = statusOf(pick(record, 'status'));
    if (status === undefined) problems.push(`estado desconocido «${pick(record, 'status')}»`);
    else row.status = status;
    const scoreProblem = takeScore(row, pick(record, 'rating'));
    if (scoreProblem) problems.push(scoreProblem);
    const hours = numberOf(pick(record, 'hours'));
    if (hours === undefined || (hours !== null && (hours < 0 || hours > 100_000)))
      problems.push('las horas deben ser un número de 0 a 100000');
    else row.hours = hours === null ? null : roundHours(hours);
    for (const field of ['startedAt', 'finishedAt'] as const) {
      const date = dateOf(pick(record, field));
      if (date === undefined) problems.push(`fecha ilegible «${pick(record, field)}»`);
      else row[field] = date;
    }
    if (!row.title && !row.igdbId) problems.push('falta el título');
    row.problem = problems.length ? problems.join('; ') : null;
    return row;
  });
}

/** Backloggd as its users export it (title and stars, 0.5 to 5): a star is 20 points. */
function backloggdRows(records: Record<string, string>[]): DiaryImportRow[] {
  return records.map((record, index) => {
    const row = emptyRow(index + 1, pick(record, 'title').trim());
    const stars = numberOf(pick(record, 'rating'));
    if (stars === undefined || (stars !== null && (stars < 0 || stars > 5)))
      row.problem = 'la nota de Backloggd va de 0,5 a 5 estrellas';
    else takeScore(row, pick(record, 'rating'));
    const status = statusOf(pick(record, 'status'));
    if (status) row.status = status;
    row.platform = pick(record, 'platform').trim().slice(0, 60) || null;
    if (!row.title) row.problem = 'falta el título';
    return row;
  });
}

const jsonObject = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

const jsonArray = (text: string): unknown[] => {
  try {
    const value: unknown = JSON.parse(text || '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

/** Grouvee's shelves, in the order that decides when a game is on several. */
const GROUVEE_SHELVES: [string, PlayStatus][] = [
  ['playing', 'playing'],
  ['played', 'completed'],
  ['beaten', 'completed'],
  ['dropped', 'abandoned'],
  ['backlog', 'want'],
  ['wish list', 'want'],
];

/**
 * Grouvee's CSV export: shelves and platforms are JSON objects keyed by name, the rating is 1-5 stars, the
 * play-throughs ('dates') a JSON list with their start, finish and seconds played.
 */
function grouveeRows(records: Record<string, string>[]): DiaryImportRow[] {
  return records.map((record, index) => {
    const row = emptyRow(index + 1, (record.name ?? '').trim());
    const shelves = Object.keys(jsonObject(record.shelves)).map(foldText);
    row.status = GROUVEE_SHELVES.find(([shelf]) => shelves.includes(shelf))?.[1] ?? null;
    row.platform = Object.keys(jsonObject(record.platforms))[0]?.slice(0, 60) ?? null;
    const stars = numberOf(record.rating ?? '');
    if (stars !== null && stars !== undefined && stars >= 0 && stars <= 5) takeScore(row, record.rating);
    const play = jsonArray(record.dates)[0] as Record<string, unknown> | undefined;
    if (play && typeof play === 'object') {
      const started = typeof play.date_started === 'string' ? dateOf(play.date_started) : null;
      const finished = typeof play.date_finished === 'string' ? dateOf(play.date_finished) : null;
      row.startedAt = started ?? null;
      row.finishedAt = finished ?? null;
      if (typeof play.seconds_played === 'number' && play.seconds_played > 0)
        row.hours = roundHours(play.seconds_played / 3600);
    }
    if (!row.title) row.problem = 'falta el título';
    return row;
  });
}

/**
 * Steam's GetOwnedGames answer: every owned game on PC with its minutes played; one never started goes to
 * 'Quiero jugarlo', one played to 'Jugando' (the user changes what is not so on the confirmation screen).
 */
function steamRows(document: unknown): DiaryImportRow[] {
  const response = (document as { response?: { games?: unknown } } | null)?.response;
  if (!response || !Array.isArray(response.games))
    throw new ImportFileError(
      'El JSON no es una respuesta de GetOwnedGames de Steam (falta response.games con include_appinfo=1)',
    );
  return (response.games as Record<string, unknown>[]).map((game, index) => {
    const row = emptyRow(index + 1, typeof game?.name === 'string' ? game.name.trim() : '');
    const minutes = typeof game?.playtime_forever === 'number' ? game.playtime_forever : 0;
    row.platform = 'PC';
    row.status = minutes > 0 ? 'playing' : 'want';
    row.hours = minutes > 0 ? roundHours(minutes / 60) : null;
    if (!row.title) row.problem = 'Steam no dio el nombre del juego (pide include_appinfo=1)';
    return row;
  });
}

/** Which export a CSV is, from its columns (folded) and, for Backloggd's, its star ratings. */
function csvFormatOf(records: Record<string, string>[], columns: string[]): DiaryImportFormat {
  if (columns.includes('shelves') && columns.includes('name')) return 'grouvee';
  const onlyTitleAndRating = columns.length === 2 && columns.includes('title') && columns.includes('rating');
  if (onlyTitleAndRating && records.every((record) => /^(|[0-5](\.[05])?)$/.test(record.rating ?? '')))
    return 'backloggd';
  return 'csv';
}

/**
 * Reads an uploaded file: Veredicto's CSV (or any with our columns, in Spanish or English), Backloggd's and
 * Grouvee's exports, or Steam's GetOwnedGames JSON. `format` forces one; otherwise it is recognised.
 * Throws ImportFileError (a Spanish message) when the file is none of them.
 */
export function readImportFile(
  content: Buffer,
  format?: DiaryImportFormat,
): { format: DiaryImportFormat; rows: DiaryImportRow[] } {
  const text = decodeImportFile(content).replace(/^\uFEFF/, '');
  if (!text.trim()) throw new ImportFileError('El fichero está vacío');
  const looksJson = /^\s*[{[]/.test(text);
  let rows: DiaryImportRow[];
  let found: DiaryImportFormat;
  if (format === 'steam' || (!format && looksJson)) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new ImportFileError('El fichero de Steam no es un JSON válido');
    }
    found = 'steam';
    rows = steamRows(document);
  } else {
    const records = readCsv(text);
    const columns = records.length ? Object.keys(records[0]) : [];
    found = format ?? csvFormatOf(records, columns);
    if (found === 'grouvee' && !columns.includes('shelves'))
      throw new ImportFileError('No parece una exportación de Grouvee: falta la columna «shelves»');
    if (
      found === 'csv' &&
      !columns.some((column) => COLUMN_NAMES.title.includes(column) || column === 'igdbid')
    )
      throw new ImportFileError(
        'El CSV no tiene columna de título: usa «title» o «titulo» (y, si quieres, plataforma, estado, nota, horas…)',
      );
    rows =
      found === 'grouvee'
        ? grouveeRows(records)
        : found === 'backloggd'
          ? backloggdRows(records)
          : ownCsvRows(records);
  }
  if (rows.length === 0) throw new ImportFileError('El fichero no tiene ninguna fila de juegos');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new ImportFileError(`El fichero tiene ${rows.length} filas; el máximo es ${MAX_IMPORT_ROWS}`);
  const scale = ratingScaleOf(rows, found);
  for (const row of rows) {
    row.rating = ratingOf(row, scale);
    const outOfScale = row.rating === null && row.ratingText && scale !== null && !row.problem;
    if (outOfScale) row.problem = `la nota «${row.ratingText}» se sale de la escala de 0 a ${scale}`;
  }
  return { format: found, rows };
}
