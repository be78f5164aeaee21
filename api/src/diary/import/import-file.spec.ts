import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { fromRoot } from '@veredicto/config';
import { csvDelimiter, ImportFileError, ratingScaleOf, readImportFile } from './import-file.js';

const fixture = (name: string) => readFileSync(fromRoot(`test/fixtures/diary/${name}`));
const csv = (text: string) => Buffer.from(text, 'utf8');

describe('readImportFile', () => {
  it("reads Grouvee's export: shelves to statuses, platforms, stars to points, a quoted title with a comma", () => {
    const { format, rows } = readImportFile(fixture('grouvee-export.csv'));
    expect(format).toBe('grouvee');
    expect(rows.map((row) => [row.title, row.status, row.platform, row.rating])).toEqual([
      ['Darksiders III', 'completed', null, 20],
      ['Inscryption', 'want', 'PC', null],
      ['Astral Chain', 'completed', 'Nintendo Switch', 80],
      ["Pokémon: Let's Go, Pikachu!/Eevee!", 'completed', null, null],
      ['Dreamscaper', 'want', null, null],
    ]);
  });

  it("reads Backloggd's Title,Rating export (half stars, blank lines) as scores out of 100", () => {
    const { format, rows } = readImportFile(fixture('backloggd-export.csv'));
    expect(format).toBe('backloggd');
    expect(rows).toHaveLength(10);
    expect(rows.find((row) => row.title === 'Minecraft')?.rating).toBe(90);
    expect(rows.find((row) => row.title === 'Egg, Inc.')?.rating).toBe(40);
    expect(rows.find((row) => row.title === 'Warface: Clutch')?.rating).toBe(0);
    expect(rows.every((row) => row.status === null && row.problem === null)).toBe(true);
  });

  it("reads Steam's GetOwnedGames: PC, hours from minutes, never played to 'want'", () => {
    const { format, rows } = readImportFile(fixture('steam-owned-games.json'));
    expect(format).toBe('steam');
    expect(rows.find((row) => row.title === 'Half-Life')).toMatchObject({
      platform: 'PC',
      status: 'playing',
      hours: 10.27,
    });
    expect(rows.find((row) => row.title === 'Half-Life 2: Lost Coast')).toMatchObject({
      status: 'want',
      hours: null,
    });
    expect(rows.find((row) => row.title.startsWith('The Elder Scrolls IV'))?.title).toBe(
      'The Elder Scrolls IV: Oblivion',
    );
  });

  it('reads Spanish column names and status words whatever their case and accents, and Spanish dates', () => {
    const { format, rows } = readImportFile(
      csv(
        'Título;Plataforma;ESTADO;Nota;Horas;Fecha de inicio\n'.replace(/;/g, ',') +
          'Hades,PC,Completado,"92","41,5",03/02/2024\n' +
          'Celeste,Switch,en PAUSA,,,\n' +
          'Tunic,PC,abandonado,70,,2024-13-01\n',
      ),
    );
    expect(format).toBe('csv');
    expect(rows[0]).toMatchObject({
      title: 'Hades',
      platform: 'PC',
      status: 'completed',
      rating: 92,
      hours: 41.5,
      startedAt: '2024-02-03',
      problem: null,
    });
    expect(rows[1]).toMatchObject({ status: 'shelved', rating: null, hours: null });
    expect(rows[2].problem).toBe('fecha ilegible «2024-13-01»');
  });

  it('reads a sheet saved in Spanish, with semicolons between columns and decimal commas', () => {
    const { format, rows } = readImportFile(
      csv('Título;Horas;Estado\r\n"Tunic; la edición";22,5;Jugando\r\nHades, el juego;3;completado\r\n'),
    );
    expect(format).toBe('csv');
    expect(rows.map((row) => [row.title, row.hours, row.status])).toEqual([
      ['Tunic; la edición', 22.5, 'playing'],
      ['Hades, el juego', 3, 'completed'],
    ]);
    expect([csvDelimiter('title,platform\nA;B,C\n'), csvDelimiter('titulo;nota\n')]).toEqual([',', ';']);
  });

  it('marks rows it cannot take, and refuses files that are none of the formats, in Spanish', () => {
    const { rows } = readImportFile(
      csv('title,status,rating\nHades,terminadísimo,12/10\nCeleste,,"8,5 puntos"\n'),
    );
    expect(rows[0].problem).toBe('estado desconocido «terminadísimo»');
    expect(rows[1].problem).toBe('nota ilegible «8,5 puntos»');
    expect(readImportFile(csv('title,rating\nHades,12/10\n')).rows[0].problem).toBe(
      'la nota «12/10» se sale de la escala de 0 a 100',
    );
    expect(() => readImportFile(csv(''))).toThrow(new ImportFileError('El fichero está vacío'));
    expect(() => readImportFile(csv('a,b\n1,2\n'))).toThrow(/no tiene columna de título/);
    expect(() => readImportFile(csv('{"games": []}'))).toThrow(/GetOwnedGames/);
    expect(() => readImportFile(csv('{not json'))).toThrow('El fichero de Steam no es un JSON válido');
    expect(() => readImportFile(csv('title\n"unterminated\n'))).toThrow(/El CSV no se puede leer/);
  });

  // Excel's Spanish "CSV (delimitado por comas)": Windows-1252, ';' between columns, decimal commas, CRLF.
  const SPANISH_SHEET =
    'Título;Plataforma;Nota\r\n' +
    'The Witcher 3: Wild Hunt;PC;8,5\r\n' +
    'Pokémon Espada;Switch;7\r\n' +
    'Ni no Kuni: La ira de la Bruja Blanca;PS3;9,5\r\n' +
    'Ōkami (edición española);PS2;6\r\n';

  it('reads a 0-10 column with decimal commas as tenths: 8,5 is 85, not 9', () => {
    const { rows } = readImportFile(csv(SPANISH_SHEET.replace('Ōkami', 'Okami')));
    expect(rows.map((row) => [row.title, row.ratingText, row.rating])).toEqual([
      ['The Witcher 3: Wild Hunt', '8,5', 85],
      ['Pokémon Espada', '7', 70],
      ['Ni no Kuni: La ira de la Bruja Blanca', '9,5', 95],
      ['Okami (edición española)', '6', 60],
    ]);
  });

  it('reads Windows-1252 (Excel\'s Spanish CSV) and UTF-16 with a BOM (Excel\'s "Texto Unicode", tabs) alike', () => {
    const latin = SPANISH_SHEET.replace('Ōkami', 'Okami');
    const expected = readImportFile(csv(latin)).rows;
    const windows1252 = iconv.encode(latin, 'windows-1252');
    expect(windows1252.includes(Buffer.from('Título', 'utf8'))).toBe(false);
    expect(readImportFile(windows1252).rows).toEqual(expected);
    const unicodeText = SPANISH_SHEET.replace(/;/g, '\t');
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(unicodeText, 'utf-16le')]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(unicodeText, 'utf-16be')]);
    const utf8Bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(SPANISH_SHEET)]);
    for (const file of [utf16le, utf16be, utf8Bom]) {
      const { rows } = readImportFile(file);
      expect(rows.map((row) => [row.title, row.rating])).toEqual([
        ['The Witcher 3: Wild Hunt', 85],
        ['Pokémon Espada', 70],
        ['Ni no Kuni: La ira de la Bruja Blanca', 95],
        ['Ōkami (edición española)', 60],
      ]);
    }
  });

  it("tells each column's scale from its values and source, and asks when it cannot", () => {
    const scaleOf = (text: string, source?: 'backloggd' | 'grouvee') => {
      const { format, rows } = readImportFile(csv(text), source);
      return { scale: ratingScaleOf(rows, format), ratings: rows.map((row) => row.rating) };
    };
    expect(scaleOf('titulo,nota\nA,85\nB,70\n')).toEqual({ scale: 100, ratings: [85, 70] });
    expect(scaleOf('titulo,nota\nA,8\nB,7\n')).toEqual({ scale: 10, ratings: [80, 70] });
    expect(scaleOf('titulo,nota\nA,8/10\nB,4/5\nC,90/100\n')).toEqual({ scale: 100, ratings: [80, 80, 90] });
    expect(scaleOf('titulo,nota\nA,4\nB,3,5\nC,5\n'.replace('3,5', '"3,5"'))).toEqual({
      scale: null,
      ratings: [null, null, null],
    });
    expect(scaleOf('Title,Rating\nA,4.5\nB,3\n')).toEqual({ scale: 5, ratings: [90, 60] });
    expect(scaleOf('Title,Rating\nA,4.5\n', 'backloggd')).toEqual({ scale: 5, ratings: [90] });
  });
});
