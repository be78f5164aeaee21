import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail, GameSummary, Page, PlayEstimate, TimeToBeat } from '@veredicto/contract';
import { createUser, getJson, signInPage, setupClientHeaders, type TestUser } from './support/api.js';

type GameWithLength = GameDetail & { timeToBeat: TimeToBeat | null };

/**
 * Five games of the demo catalogue no other spec uses, their own for each width: both projects run against
 * one server, and the figures one of them makes would be there already for the other.
 */
async function gamesOfThisRun(request: APIRequestContext, testInfo: TestInfo): Promise<GameWithLength[]> {
  const list = await getJson<Page<GameSummary>>(request, '/api/games/all?page=10&size=50&sortBy=releaseDate');
  const offset = testInfo.project.name === 'movil-375' ? 0 : 25;
  const chosen = list.content.slice(offset, offset + 5);
  expect(chosen).toHaveLength(5);
  const games = await Promise.all(
    chosen.map((game) => getJson<GameWithLength>(request, `/api/games/${game.igdbID}`)),
  );
  // None has a figure yet: the ones below are this test's own.
  expect(games.map((game) => game.timeToBeat)).toEqual([null, null, null, null, null]);
  return games;
}

/** PUT /api/user/games/{id}/status as `user`. */
async function setStatus(
  request: APIRequestContext,
  user: TestUser,
  igdbID: number,
  data: { status: string; platform?: string; hours?: number },
) {
  const response = await request.put(`/api/user/games/${igdbID}/status`, {
    data,
    headers: { ...setupClientHeaders(), Authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), `PUT status of ${igdbID}`).toBe(200);
}

/** Waits for the worker to compute a game's players' figures from `count` players. */
async function figuresFrom(request: APIRequestContext, igdbID: number, count: number) {
  await expect
    .poll(async () => (await getJson<GameWithLength>(request, `/api/games/${igdbID}`)).timeToBeat?.count, {
      timeout: 60_000,
      message: `the players' times of ${igdbID} computed by the worker`,
    })
    .toBe(count);
}

test('Cuánto dura: la mediana de los jugadores, Para ti y Te quedan en el diario', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const [first, second, third, target, withoutFigures] = await gamesOfThisRun(request, testInfo);
  const others = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(request, 'duracion')));
  const me = await createUser(request, 'ritmo');

  // Five players complete three games in 10 h and the target in 6 to 40 h (median 8).
  for (const [index, other] of others.entries()) {
    for (const game of [first, second, third])
      await setStatus(request, other, game.igdbID, { status: 'completed', platform: 'PS5', hours: 10 });
    await setStatus(request, other, target.igdbID, {
      status: 'completed',
      platform: 'PS5',
      hours: [6, 7, 8, 9, 40][index],
    });
  }
  // I take twice as long (20 h) on the three, and am playing the target, 3 h logged.
  for (const game of [first, second, third])
    await setStatus(request, me, game.igdbID, { status: 'completed', platform: 'PS5', hours: 20 });
  await setStatus(request, me, target.igdbID, { status: 'playing', platform: 'PS5' });
  const session = await request.post(`/api/user/games/${target.igdbID}/sessions`, {
    data: { date: new Date().toISOString().slice(0, 10), minutes: 180 },
    headers: { ...setupClientHeaders(), Authorization: `Bearer ${me.token}` },
  });
  expect(session.status()).toBeLessThan(300);

  await figuresFrom(request, target.igdbID, 5);
  for (const game of [first, second, third]) await figuresFrom(request, game.igdbID, 6);
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/user/games/${target.igdbID}/estimate`, {
          headers: { Authorization: `Bearer ${me.token}` },
        });
        return (await response.json()) as PlayEstimate;
      },
      { timeout: 60_000, message: 'the estimate at my pace' },
    )
    .toEqual({ hours: 16, pace: 2, basedOn: 3, remaining: 13 });

  await signInPage(page, me.token);
  await page.goto(`/game/${target.slug}/${target.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
  const block = page.getByRole('region', { name: 'Cuánto dura' });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByRole('term')).toHaveText(['Historia principal']);
  await expect(block.getByRole('definition')).toHaveText(
    '8 h según 5 jugadores de Veredicto que lo completaron (mediana)',
  );
  const estimate = block.getByTestId('personal-estimate');
  await expect(estimate).toContainText('Para ti: ~16 h');
  await expect(estimate).toContainText('(a tu ritmo: 2 × la cifra general, según 3 juegos)');
  await expect(estimate).toContainText('Te quedan ~13 h');
  // On a phone the block fits the screen's width: nothing scrolls sideways.
  const overflow = await block.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto('/user/games');
  await expect(page.getByRole('heading', { name: 'Jugando (1)' })).toBeVisible();
  const playing = page.getByTestId('my-game').filter({ hasText: target.title });
  await expect(playing).toContainText('3 h');
  await expect(playing).toContainText('Te quedan ~13 h');

  // A game neither IGDB nor five of our players have timed.
  await page.goto(`/game/${withoutFigures.slug}/${withoutFigures.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(withoutFigures.title);
  const empty = page.getByRole('region', { name: 'Cuánto dura' });
  await expect(empty).toContainText('Sin datos todavía');
  await expect(empty.getByTestId('personal-estimate')).toHaveCount(0);
});
