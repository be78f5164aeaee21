import iconv from 'iconv-lite';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import { getJson, loggedInUser } from './support/api.js';

/** A file of the import, as the browser's file chooser hands it over. */
interface ImportFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A row of the file, the demo catalogue's game it names, and what the preview shows of its score. */
interface Row {
  igdbID: number;
  cells: string[];
  mapping: string;
  stored: number;
}

/** Uploads `file` from 'Tus datos' and waits for the preview of the rows the catalogue matched. */
async function uploadForPreview(page: Page, file: ImportFile) {
  await page.goto('/user/datos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Importar y exportar tus juegos');
  await page.getByLabel('Fichero').setInputFiles(file);
  await page.getByRole('button', { name: 'Subir y buscar los juegos' }).click();
  await expect(page.getByRole('heading', { name: /^Encontrados \(\d+\)$/ })).toBeVisible({ timeout: 30_000 });
  return page.getByTestId('import-matched');
}

/** Each row's line of the preview holds its game's title and its score's mapping ('nota 8,5/10 → 85'). */
async function expectMappings(page: Page, rows: Row[], titles: Map<number, string>) {
  const matched = page.getByTestId('import-matched');
  await expect(matched.getByRole('listitem')).toHaveCount(rows.length);
  for (const row of rows) {
    const item = matched.getByRole('listitem').filter({ hasText: titles.get(row.igdbID) });
    await expect(item).toContainText(`nota ${row.mapping}`);
  }
}

/** Confirms, reads the result line, then finds each score on its game's page as the user's own. */
async function confirmAndCheckStored(page: Page, rows: Row[], games: Map<number, GameDetail>) {
  await page.getByRole('button', { name: 'Confirmar importación' }).click();
  await expect(page.getByTestId('import-result')).toContainText(
    `Importación terminada: ${rows.length} estados y ${rows.length} notas añadidos.`,
  );
  for (const row of rows) {
    const game = games.get(row.igdbID)!;
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
    await expect(page.getByText(`Tu puntuación: ${row.stored}`)).toBeVisible();
  }
}

async function gamesOf(request: Parameters<typeof getJson>[0], rows: Row[]) {
  const games = new Map<number, GameDetail>();
  for (const row of rows)
    games.set(row.igdbID, await getJson<GameDetail>(request, `/api/games/${row.igdbID}`));
  return games;
}

const titlesOf = (games: Map<number, GameDetail>) =>
  new Map([...games].map(([igdbID, game]) => [igdbID, game.title]));

/** Saves the preview's picture for a look at both widths (kept out of the test's output folder). */
async function screenshotPreview(page: Page, name: string, project: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-${project}.png`, fullPage: true });
}

test('importa una hoja de cálculo de Excel en español: ve cada nota sobre 10 pasada a 100 y la guarda', async ({
  page,
  request,
}, testInfo) => {
  // Accented titles of the demo catalogue, on Excel's 0-10 scale with a decimal comma.
  const rows: Row[] = [
    {
      igdbID: 7236,
      cells: ['Viva Piñata', 'Xbox 360', 'Completado', '8,5', '32,5'],
      mapping: '8,5/10 → 85',
      stored: 85,
    },
    { igdbID: 212, cells: ['Brütal Legend', 'PC', 'Jugando', '7', '6'], mapping: '7/10 → 70', stored: 70 },
    {
      igdbID: 37382,
      cells: ['Pokémon Sword', 'Nintendo Switch', 'Completado', '9,5', ''],
      mapping: '9,5/10 → 95',
      stored: 95,
    },
  ];
  const games = await gamesOf(request, rows);
  await loggedInUser(page, request, 'hoja');

  // What Excel writes for "CSV (delimitado por comas)" on a Spanish system: ';' between cells, CRLF, and
  // Windows-1252 with no BOM ('Título' holds the byte 0xED, which is no UTF-8).
  const text = ['Título;Plataforma;Estado;Nota;Horas', ...rows.map((row) => row.cells.join(';'))].join(
    '\r\n',
  );
  const buffer = iconv.encode(`${text}\r\n`, 'win1252');
  expect(buffer.includes(Buffer.from('T\xedtulo', 'latin1'))).toBe(true);

  await uploadForPreview(page, { name: 'mis-juegos.csv', mimeType: 'text/csv', buffer });
  await expectMappings(page, rows, titlesOf(games));
  // The file names its scale by its values (a 8,5 is above 5 and not a half of one): nothing to ask.
  await expect(page.getByLabel('¿Sobre cuánto están las notas del fichero?')).toHaveCount(0);
  await expect(page.getByTestId('import-unmatched')).toHaveCount(0);
  await screenshotPreview(page, 'import-excel', testInfo.project.name);

  await confirmAndCheckStored(page, rows, games);
  await page.goto('/user/games');
  await expect(page.getByRole('heading', { name: 'Completado (2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jugando (1)' })).toBeVisible();
});

test('pregunta la escala cuando todas las notas caben en 0-5 con medios, y guarda según la respuesta', async ({
  page,
  request,
}, testInfo) => {
  const rows: Row[] = [
    { igdbID: 70396, cells: ['Trüberbrook', 'PC', 'Completado', '4,5'], mapping: '4,5/5 → 90', stored: 90 },
    {
      igdbID: 88887,
      cells: ['Little Dragons Café', 'PC', 'Abandonado', '2'],
      mapping: '2/5 → 40',
      stored: 40,
    },
    {
      igdbID: 115653,
      cells: ['Pokémon Shield', 'Nintendo Switch', 'Completado', '5'],
      mapping: '5/5 → 100',
      stored: 100,
    },
  ];
  const games = await gamesOf(request, rows);
  await loggedInUser(page, request, 'estrellas');

  // A UTF-8 file with a BOM, as a spreadsheet exports "CSV UTF-8".
  const text = ['Título;Plataforma;Estado;Nota', ...rows.map((row) => row.cells.join(';'))].join('\n');
  const buffer = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\n`, 'utf8')]);

  await uploadForPreview(page, { name: 'estrellas.csv', mimeType: 'text/csv', buffer });
  // 4,5 could be stars, tenths or hundredths: the preview asks and nothing can be confirmed yet.
  const scale = page.getByLabel('¿Sobre cuánto están las notas del fichero?');
  await expect(scale).toBeVisible();
  const matched = page.getByTestId('import-matched');
  await expect(matched.getByRole('listitem').filter({ hasText: games.get(70396)!.title })).toContainText(
    'nota 4,5 (¿sobre cuánto?)',
  );
  await expect(page.getByRole('button', { name: 'Confirmar importación' })).toBeDisabled();
  await screenshotPreview(page, 'import-question', testInfo.project.name);

  await scale.selectOption({ label: 'De 0 a 5 (estrellas)' });
  await expectMappings(page, rows, titlesOf(games));
  await expect(page.getByRole('button', { name: 'Confirmar importación' })).toBeEnabled();
  await screenshotPreview(page, 'import-answered', testInfo.project.name);
  await confirmAndCheckStored(page, rows, games);
});
