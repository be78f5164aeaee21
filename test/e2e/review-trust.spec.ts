import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import {
  createUser,
  getJson,
  loggedInUser,
  setupClientHeaders,
  signInAdminPage,
  type GamePage,
  type TestUser,
} from './support/api.js';

/** Games the other browser tests use: this file leaves them alone. */
const USED_ELSEWHERE = new Set([
  113112, 26226, 14593, 17000, 11737, 26472, 7342, 1331, 1991, 22917, 9730, 1352, 2853, 3029,
]);

/** A released game of the seed no other test touches, a different one per project. */
async function quietGame(request: APIRequestContext, testInfo: TestInfo) {
  const page = await getJson<GamePage>(request, '/api/games/all?page=3&size=50&sortBy=avRatings');
  const today = new Date().toISOString().slice(0, 10);
  const released = page.content.filter(
    (game) => !USED_ELSEWHERE.has(game.igdbID) && game.releaseDate && game.releaseDate < today,
  );
  const game = released[testInfo.project.name === 'movil-375' ? 0 : 1];
  if (!game) throw new Error('no quiet released game in the seed');
  return game;
}

async function publishReview(request: APIRequestContext, user: TestUser, igdbID: number, review: object) {
  const response = await request.post('/api/user/reviews', {
    data: { gameId: igdbID, rating: 70, ...review },
    headers: { ...setupClientHeaders(), authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(201);
}

test('Críticas de usuarios: votar su utilidad, mostrar un spoiler, denunciar y ocultar desde Denuncias', async ({
  page,
  request,
}, testInfo) => {
  const game = await quietGame(request, testInfo);
  const spoilerAuthor = await createUser(request, 'spoiler');
  const plainAuthor = await createUser(request, 'normal');
  const spoilerText = `Al final resulta que el protagonista era el villano desde el principio (${spoilerAuthor.username}).`;
  const plainText = `Una crítica sin destripes: el ritmo es excelente y el arte, precioso (${plainAuthor.username}).`;
  await publishReview(request, spoilerAuthor, game.igdbID, { review: spoilerText, spoiler: true });
  await publishReview(request, plainAuthor, game.igdbID, { review: plainText });

  await loggedInUser(page, request, 'lector');
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await page.getByRole('tab', { name: 'Críticas de usuarios' }).click();
  const spoilerCard = page.locator('.review-card--user', { hasText: spoilerAuthor.username });
  const plainCard = page.locator('.review-card--user', { hasText: plainAuthor.username });

  // The spoiler's text is not on the page until the reader asks for it.
  await expect(spoilerCard.getByRole('button', { name: 'Contiene spoilers — mostrar' })).toBeVisible();
  await expect(page.getByText(spoilerText)).toHaveCount(0);
  await spoilerCard.getByRole('button', { name: 'Contiene spoilers — mostrar' }).click();
  await expect(spoilerCard.getByText(spoilerText)).toBeVisible();

  // '¿Te ha sido útil?': Sí counts one, a second tap withdraws it, No counts one and survives a reload.
  const yes = plainCard.getByRole('button', { name: /^Sí \(\d+\)$/ });
  const no = plainCard.getByRole('button', { name: /^No \(\d+\)$/ });
  await expect(yes).toHaveText('Sí (0)');
  await yes.click();
  await expect(yes).toHaveText('Sí (1)');
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await yes.click();
  await expect(yes).toHaveText('Sí (0)');
  await no.click();
  await expect(no).toHaveText('No (1)');
  await page.reload();
  await page.getByRole('tab', { name: 'Críticas de usuarios' }).click();
  await expect(plainCard.getByRole('button', { name: /^No \(\d+\)$/ })).toHaveText('No (1)');

  // The order can be switched to the newest first.
  const sort = page.getByRole('combobox', { name: 'Ordenar:' });
  await expect(sort).toHaveValue('helpful');
  await sort.selectOption({ label: 'Más recientes' });
  await expect(page.locator('.review-card--user').first()).toContainText(plainAuthor.username);

  // Denunciar: the reason and a note, acknowledged.
  await spoilerCard.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar la crítica' });
  await dialog.getByRole('radio', { name: 'Spoilers sin avisar' }).check();
  await dialog.getByRole('textbox', { name: 'Comentario (opcional)' }).fill('Cuenta el final.');
  await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(dialog.getByText('Gracias: revisaremos la denuncia.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // The administrator hides it from 'Denuncias' with a reason: it leaves the game's list.
  await signInAdminPage(page, request);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Denuncias' }).click();
  const entry = page.locator('.report', { hasText: spoilerAuthor.username });
  await expect(entry).toContainText('Spoilers sin avisar');
  await expect(entry).toContainText('Cuenta el final.');
  await entry
    .getByRole('textbox', { name: /Motivo de la decisión/ })
    .fill('Revela el final del juego sin marcarlo como spoiler.');
  await entry.getByRole('button', { name: 'Ocultar' }).click();
  await expect(page.locator('.report', { hasText: spoilerAuthor.username })).toHaveCount(0);

  const listed = await getJson<{ autor: string }[]>(request, `/api/games/reviews/users/${game.igdbID}`);
  expect(listed.map((review) => review.autor)).toEqual([plainAuthor.username]);
});
