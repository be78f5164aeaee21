import { readFileSync } from 'node:fs';
import { fromRoot } from '@veredicto/config';
import { csvDelimiter, ImportFileError, readImportFile } from './import-file.js';

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
    const { rows } = readImportFile(csv('title,status,rating\nHades,terminadísimo,120\n'));
    expect(rows[0].problem).toBe('estado desconocido «terminadísimo»; la nota debe ser un número de 0 a 100');
    expect(() => readImportFile(csv(''))).toThrow(new ImportFileError('El fichero está vacío'));
    expect(() => readImportFile(csv('a,b\n1,2\n'))).toThrow(/no tiene columna de título/);
    expect(() => readImportFile(csv('{"games": []}'))).toThrow(/GetOwnedGames/);
    expect(() => readImportFile(csv('{not json'))).toThrow('El fichero de Steam no es un JSON válido');
    expect(() => readImportFile(csv('title\n"unterminated\n'))).toThrow(/El CSV no se puede leer/);
  });
});
