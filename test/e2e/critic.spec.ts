import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import { collectDialogs, getJson, loggedInUser } from './support/api.js';
import { scoreBar } from './support/ui.js';

/**
 * Seeded games with no player activity, one per project, so that each project's run starts from the seed
 * and the two projects never touch the same game's scores.
 */
const GAMES = {
  rating: { 'movil-375': 113112, 'escritorio-1440': 26226 }, // Hades, Celeste
  review: { 'movil-375': 14593, 'escritorio-1440': 17000 }, // Hollow Knight, Stardew Valley
  list: { 'movil-375': 11737, 'escritorio-1440': 26472 }, // Outer Wilds, Disco Elysium
  wishlist: { 'movil-375': 7342, 'escritorio-1440': 1331 }, // Inside, Limbo
} as const;

async function gameFor(purpose: keyof typeof GAMES, testInfo: TestInfo, request: APIRequestContext) {
  const id = GAMES[purpose][testInfo.project.name as keyof (typeof GAMES)[typeof purpose]];
  if (!id) throw new Error(`no game for the project ${testInfo.project.name}`);
  return getJson<GameDetail>(request, `/api/games/${id}`);
}

const gamePath = (game: GameDetail) => `/game/${game.slug}/${game.igdbID}`;

async function openGame(page: Page, game: GameDetail) {
  await page.goto(gamePath(game));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
}

test('Puntuar: el deslizador y el número fijan la nota y la media de jugadores se actualiza', async ({
  page,
  request,
}, testInfo) => {
  const game = await gameFor('rating', testInfo, request);
  expect(game.userRatingCount).toBe(0);
  await loggedInUser(page, request);
  await openGame(page, game);
  const players = scoreBar(page, 'Jugadores');
  await expect(players.locator('.score-badge')).toHaveText('S/P');

  await page.getByRole('button', { name: 'Puntuar', exact: true }).click();
  const popup = page.getByRole('dialog', { name: `Puntuar ${game.title}` });
  const slider = popup.getByRole('slider', { name: 'Tu puntuación (0-100)' });
  const number = popup.getByRole('spinbutton', { name: 'Puntuación' });
  await expect(slider).toHaveValue('5');
  await expect(number).toHaveValue('5');
  await slider.fill('40');
  await expect(number).toHaveValue('40');
  await number.fill('73');
  await expect(slider).toHaveValue('73');
  await popup.getByRole('button', { name: 'Enviar' }).click();
  await expect(popup).toBeHidden();

  // The re-fetched players' average already includes the new score, highlighted for a moment.
  await expect(players.locator('.score-badge')).toHaveText('73');
  await expect(players).toHaveClass(/score--medium/);
  await expect(players).toHaveClass(/is-highlighted/);
  await expect(players).not.toHaveClass(/is-highlighted/, { timeout: 4000 });
  await expect(players).toContainText('1 puntuación');
  expect(await getJson<number>(request, `/api/games/avRating/${game.igdbID}`)).toBe(73);

  // The page tells the user their own score; changing it opens the popup on it and replaces it.
  const own = page.getByTestId('own-rating');
  await expect(own).toContainText('Tu puntuación: 73');
  await expect(page.getByRole('button', { name: 'Puntuar', exact: true })).toHaveCount(0);
  await own.getByRole('button', { name: 'Cambiar' }).click();
  await expect(popup.getByRole('spinbutton', { name: 'Puntuación' })).toHaveValue('73');
  await expect(popup.getByRole('slider', { name: 'Tu puntuación (0-100)' })).toHaveValue('73');
  await popup.getByRole('spinbutton', { name: 'Puntuación' }).fill('91');
  await popup.getByRole('button', { name: 'Enviar' }).click();
  await expect(players.locator('.score-badge')).toHaveText('91');
  await expect(players).toHaveClass(/score--high/);
  await expect(own).toContainText('Tu puntuación: 91');
  await page.reload();
  await expect(scoreBar(page, 'Jugadores').locator('.score-badge')).toHaveText('91');
  await expect(scoreBar(page, 'Jugadores')).toContainText('1 puntuación');
  await expect(page.getByTestId('own-rating')).toContainText('Tu puntuación: 91');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(popup.getByRole('spinbutton', { name: 'Puntuación' })).toHaveValue('91');
  await popup.getByRole('button', { name: 'Cerrar' }).click();

  // Withdrawing the score brings the average back to none.
  await page.getByTestId('own-rating').getByRole('button', { name: 'Retirar' }).click();
  await expect(scoreBar(page, 'Jugadores').locator('.score-badge')).toHaveText('S/P');
  await expect(page.getByTestId('own-rating')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Puntuar', exact: true })).toBeVisible();
  expect(await getJson<number | null>(request, `/api/games/avRating/${game.igdbID}`)).toBeNull();
});

test(
  'críticas: validación, publicación, vista previa, lectura, edición y borrado en Mis críticas',
  { tag: '@movil' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('review', testInfo, request);
    const user = await loggedInUser(page, request);
    const alerts = collectDialogs(page);
    const review =
      `Una aventura inolvidable en un mundo que se descubre poco a poco, con un diseño de niveles ` +
      `sobresaliente y una dificultad exigente pero justa. La música acompaña cada rincón y los combates ` +
      `contra los jefes son de lo mejor del género: cada derrota enseña algo nuevo y cada victoria sabe a ` +
      `gloria. Algún tramo final se hace largo y el mapa podría ser más claro, pero la sensación de ` +
      `exploración compensa con creces cualquier pega. Imprescindible para los amantes del género.`;
    expect(review.length).toBeGreaterThan(380);

    await openGame(page, game);
    await page.getByRole('button', { name: 'Añadir crítica' }).click();
    const modal = page.getByRole('dialog', { name: 'Escribe tu crítica' });
    await expect(modal.getByLabel('Tu crítica')).toBeFocused();
    await modal.getByLabel('Tu crítica').fill('Demasiado corta.');
    await modal.getByLabel('Puntuación (0-100):').fill('88');
    await modal.getByRole('button', { name: 'Publicar' }).click();
    await expect(modal.getByRole('alert')).toHaveText(
      'La crítica debe tener al menos 50 caracteres y puntuación mayor a 0.',
    );
    await modal.getByLabel('Tu crítica').fill(review);
    await modal.getByLabel('Puntuación (0-100):').fill('0');
    await modal.getByRole('button', { name: 'Publicar' }).click();
    await expect(modal.getByRole('alert')).toHaveText(
      'La crítica debe tener al menos 50 caracteres y puntuación mayor a 0.',
    );

    await modal.getByLabel('Puntuación (0-100):').fill('88');
    await modal.getByRole('button', { name: 'Publicar' }).click();
    // Published: the dialog closes and the page confirms it.
    await expect(modal).toBeHidden();
    await expect(page.locator('.game-actions').getByTestId('status-toast')).toHaveText(
      'Crítica agregada con éxito.',
    );

    // The review is listed under 'Críticas de usuarios': badge, author, score, first 320 characters.
    await page.getByRole('tab', { name: 'Críticas de usuarios' }).click();
    const card = page.getByRole('tabpanel').getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(user.username);
    await expect(card.getByRole('img', { name: 'Crítico de bronce' })).toBeVisible();
    await expect(card.locator('.score-badge')).toHaveText('Puntuación: 88');
    const preview = `${review.slice(0, 320).trimEnd()}…`;
    await expect(card.getByText(preview, { exact: true })).toBeVisible();
    await expect(card).not.toContainText(review.slice(330));
    await card.getByRole('button', { name: 'Leer crítica completa' }).click();
    const full = page.getByRole('dialog', { name: game.title });
    await expect(full.getByText(review, { exact: true })).toBeVisible();
    await full.getByRole('button', { name: 'Cerrar' }).click();
    await expect(full).toBeHidden();
    // Its score counts as the user's rating of the game.
    await expect(scoreBar(page, 'Jugadores').locator('.score-badge')).toHaveText('88');

    // Mis críticas.
    await page.goto('/user/reviews');
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: game.title });
    await expect(item.getByRole('heading', { level: 2 })).toHaveText(game.title);
    await expect(item.getByRole('link', { name: game.title })).toHaveAttribute('href', gamePath(game));
    await expect(item.locator('.score-badge')).toHaveText('Puntuación: 88');
    await item.getByRole('button', { name: 'Leer' }).click();
    const reader = page.getByRole('dialog', { name: game.title });
    await expect(reader.getByText(review, { exact: true })).toBeVisible();
    await reader.getByRole('button', { name: 'Editar crítica' }).click();
    const editor = reader.getByRole('textbox', { name: 'Editar crítica' });
    await expect(editor).toHaveValue(review);
    const edited = `${review} Actualizo: tras el último parche el rendimiento es perfecto.`;
    await editor.fill(edited);
    await reader.getByRole('button', { name: 'Guardar' }).click();
    await expect(reader.getByText(edited, { exact: true })).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Editar crítica' })).toBeVisible();
    await reader.getByRole('button', { name: 'Cerrar' }).click();
    await expect(reader).toBeHidden();
    // The edit is stored.
    await page.reload();
    await page.getByRole('button', { name: 'Leer' }).click();
    await expect(
      page.getByRole('dialog', { name: game.title }).getByText(edited, { exact: true }),
    ).toBeVisible();
    await page.getByRole('dialog', { name: game.title }).getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar crítica' });
    await expect(confirm).toContainText('¿Seguro que quieres eliminar esta reseña?');
    await confirm.getByRole('button', { name: 'Sí' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No tienes críticas todavía.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No tienes críticas todavía.')).toBeVisible();
    expect(alerts).toEqual([]);
  },
);

test(
  'listas: crear, añadir un juego desde su ficha, quitarlo en modo edición y eliminar la lista',
  { tag: '@escritorio' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('list', testInfo, request);
    await loggedInUser(page, request);
    const alerts = collectDialogs(page);
    const suffix = Date.now().toString(36);
    const listName = `Joyas indie ${suffix}`;

    await page.goto('/user/lists');
    await expect(page).toHaveTitle('Mis listas | Veredicto');
    await expect(page.getByRole('heading', { level: 1, name: 'MIS LISTAS' })).toBeVisible();
    // A new account has only the reserved 'Deseados' ('Lo quiero' was folded into it), empty and selected.
    const chips = page.getByRole('list', { name: 'Tus listas' }).getByRole('button');
    await expect(chips).toHaveText(['Deseados']);
    await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Esta lista no tiene juegos todavía.')).toBeVisible();
    // Reserved lists cannot be deleted.
    await expect(page.getByRole('button', { name: 'Eliminar lista' })).toHaveCount(0);

    await page.getByRole('button', { name: '+ Nueva lista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva lista' });
    const nameField = dialog.getByLabel('Nombre de la lista');
    await nameField.pressSequentially(`joyas indie ${suffix}`);
    // The first letter is capitalised as it is typed.
    await expect(nameField).toHaveValue(listName);
    await dialog.getByRole('button', { name: 'Crear lista' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Lista creada con éxito');
    await expect(dialog).toBeHidden();
    await expect(chips).toHaveText(['Deseados', listName]);

    // From the game page, 'Añadir a lista' offers the user's lists.
    await openGame(page, game);
    await page.getByRole('button', { name: 'Añadir a lista' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecciona la lista' });
    const select = picker.getByRole('combobox', { name: 'Lista' });
    await expect(select.getByRole('option')).toHaveText(['Deseados', listName]);
    await select.selectOption(listName);
    await picker.getByRole('button', { name: 'Añadir', exact: true }).click();
    await expect(picker.getByRole('status')).toHaveText('Juego agregado con éxito.');
    await picker.getByRole('button', { name: 'Cerrar' }).click();
    await expect(picker).toBeHidden();

    await page.goto('/user/lists');
    await chips.filter({ hasText: listName }).click();
    const detail = page.getByRole('region', { name: listName });
    const cover = detail.getByRole('link', { name: game.title });
    await expect(cover).toHaveAttribute('href', gamePath(game));
    // The cover (or its placeholder when the image cannot load).
    await expect(cover.locator('.list-game__cover')).toBeVisible();

    await detail.getByRole('button', { name: 'Editar lista' }).click();
    await detail.getByRole('button', { name: `Quitar ${game.title} de la lista` }).click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Quitar juego' });
    await expect(removeDialog).toContainText(
      `¿Seguro que quieres quitar ${game.title} de la lista ${listName}?`,
    );
    await removeDialog.getByRole('button', { name: 'Sí' }).click();
    await expect(removeDialog).toBeHidden();
    await expect(detail.getByText('Esta lista no tiene juegos todavía.')).toBeVisible();
    await expect(detail.getByRole('link', { name: game.title })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Salir de edición' }).click();
    await expect(detail.getByRole('button', { name: 'Editar lista' })).toBeVisible();

    await detail.getByRole('button', { name: 'Eliminar lista' }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Eliminar lista' });
    await expect(deleteDialog).toContainText(`¿Seguro que quieres eliminar la lista ${listName}?`);
    await deleteDialog.getByRole('button', { name: 'Sí' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(chips).toHaveText(['Deseados']);
    await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'true');
    expect(alerts).toEqual([]);
  },
);

test(
  'Deseados: el botón se pone verde y el juego aparece en la lista Deseados',
  { tag: '@movil' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('wishlist', testInfo, request);
    await loggedInUser(page, request);
    await openGame(page, game);

    const wishlist = page.getByRole('button', { name: 'Deseados' });
    const idleColour = await wishlist.evaluate((element) => getComputedStyle(element).backgroundColor);
    await wishlist.click();
    await expect(wishlist).toHaveClass(/is-success/);
    // The site's green accent (#36d07b).
    await expect(wishlist).toHaveCSS('background-color', 'rgb(54, 208, 123)');
    expect(idleColour).not.toBe('rgb(54, 208, 123)');
    await expect(
      page.getByRole('status').filter({ hasText: `${game.title} añadido a Deseados` }),
    ).toBeAttached();
    // The flash lasts 1.5 s.
    await expect(wishlist).not.toHaveClass(/is-success/, { timeout: 4000 });

    await page.goto('/user/lists');
    await page.getByRole('list', { name: 'Tus listas' }).getByRole('button', { name: 'Deseados' }).click();
    const detail = page.getByRole('region', { name: 'Deseados' });
    await expect(detail.getByRole('link', { name: game.title })).toHaveAttribute('href', gamePath(game));
  },
);
