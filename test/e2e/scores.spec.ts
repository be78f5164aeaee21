import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail, MediaReview } from '@veredicto/contract';
import { formatScore, getJson } from './support/api.js';
import { scoreBar } from './support/ui.js';

// The Elder Scrolls V: Skyrim: 48 media reviews from 45 outlets (some on PC and PlayStation 3), 3 of them
// from the Spanish-language press, by 2 outlets (one outlet, one voice: the figure counts 2).
const SKYRIM = 472;
// The Legend of Zelda: Tears of the Kingdom: a single media review in the demo data.
const TOTK = 119388;

/** A game page as the API sends it now: with the figures the contract lets an older API leave out. */
type GameWithFigures = GameDetail &
  Required<Pick<GameDetail, 'criticStats' | 'spanishPress' | 'playerStats'>>;

const figure = (page: Page, term: string) =>
  page.locator('.figure').filter({ has: page.locator('.figure__term', { hasText: term }) });

test('la página del juego muestra la distribución, la mediana, el recomendado, el nivel y la prensa en español', async ({
  page,
  request,
}) => {
  const game = await getJson<GameWithFigures>(request, `/api/games/${SKYRIM}`);
  const stats = game.criticStats;
  expect(stats.count).toBeGreaterThanOrEqual(7);
  expect(game.spanishPress.count).toBeGreaterThanOrEqual(2);
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);

  // The Spanish press figure, with its count, beside the global one.
  const spanish = scoreBar(page, 'Prensa en español');
  await expect(spanish.locator('.score-badge')).toHaveText(formatScore(game.spanishPress.average));
  await expect(spanish).toContainText(`${game.spanishPress.count} medios`);
  await expect(scoreBar(page, 'Medios').locator('.score-badge')).toHaveText(formatScore(stats.average));

  // The distribution: ten bars, and the table screen readers get holds the API's counts.
  const histogram = page.getByTestId('histogram-Crítica');
  await histogram.scrollIntoViewIfNeeded();
  await expect(histogram.locator('.histogram__column')).toHaveCount(10);
  await expect(histogram.locator('td')).toHaveText(stats.histogram.map(String));
  const tallest = histogram
    .locator('.histogram__bar')
    .nth(stats.histogram.indexOf(Math.max(...stats.histogram)));
  expect((await tallest.boundingBox())?.height ?? 0).toBeGreaterThan(40);

  await expect(page.getByTestId('critic-median')).toHaveText(String(stats.median));
  await expect(page.getByTestId('critic-recommended')).toHaveText(`${stats.percentRecommended} %`);
  await expect(page.getByTestId('critic-tier')).toHaveText(String(stats.tier));

  // Each figure explains itself in one line, on tap (and on hover or focus).
  const median = figure(page, 'Mediana');
  const hint = median.locator('.figure__hint');
  await expect(hint).toBeHidden();
  await median.getByRole('button', { name: 'Qué significa Mediana' }).click();
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('La nota central: la mitad de las críticas da más y la otra mitad, menos.');
  await expect(median.locator('.figure__value')).toHaveAccessibleDescription(
    'La nota central: la mitad de las críticas da más y la otra mitad, menos.',
  );

  // Other browser tests may have rated the game: the count as the page words it.
  const ratings = game.playerStats.count;
  await expect(page.getByTestId('player-count')).toHaveText(
    ratings === 1 ? '1 puntuación' : `${ratings} puntuaciones`,
  );
  await page.getByRole('link', { name: 'Cómo calculamos las notas' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo calculamos las notas');
  await expect(page.getByText('m = 10 y C = 70')).toBeVisible();
});

test(
  'las críticas del mismo medio en varias plataformas son una tarjeta; las demás, bajo demanda',
  { tag: '@movil' },
  async ({ page, request }) => {
    const [game, reviews] = await Promise.all([
      getJson<GameWithFigures>(request, `/api/games/${SKYRIM}`),
      getJson<MediaReview[]>(request, `/api/games/reviews/pro/${SKYRIM}`),
    ]);
    const outlets = [...new Set(reviews.map((review) => review.medium))];
    const repeated = outlets.filter(
      (outlet) => reviews.filter((review) => review.medium === outlet).length > 1,
    );
    expect(repeated.length).toBeGreaterThan(0);
    expect(outlets.length).toBeGreaterThan(12);

    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    const panel = page.getByRole('tabpanel');
    const cards = panel.getByTestId('media-review-card');
    await expect(cards).toHaveCount(12);
    await panel.getByRole('button', { name: /^Ver más críticas/ }).click();
    await expect(cards).toHaveCount(Math.min(24, outlets.length));
    while ((await cards.count()) < outlets.length) {
      await panel.getByRole('button', { name: /^Ver más críticas/ }).click();
    }
    await expect(cards).toHaveCount(outlets.length);
    await expect(panel.getByRole('button', { name: /^Ver más críticas/ })).toHaveCount(0);

    for (const outlet of repeated) {
      const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: outlet, exact: true }) });
      await expect(card).toHaveCount(1);
      for (const review of reviews.filter((item) => item.medium === outlet)) {
        await expect(card).toContainText(String(review.platform));
      }
    }

    // A Spanish outlet: its flag's country, the raw score and its 0-100 value.
    const spanishReview = reviews.find(
      (review) => review.outletLanguage === 'es' && review.outletCountry === 'ES',
    );
    expect(spanishReview).toBeDefined();
    const card = cards.filter({
      has: page.getByRole('heading', { level: 3, name: spanishReview?.medium, exact: true }),
    });
    await expect(card).toContainText('España');
    await expect(card).toContainText(`${spanishReview?.rawScore} → ${spanishReview?.rating}`);
  },
);

test(
  'con una sola crítica, la nota de la crítica es S/P con «1 medio»',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const game = await getJson<GameWithFigures>(request, `/api/games/${TOTK}`);
    expect(game.criticStats.count).toBe(1);
    expect(game.avRatings).toBeNull();
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    const media = scoreBar(page, 'Medios');
    await expect(media.locator('.score-badge')).toHaveText('S/P');
    await expect(media).toContainText('1 medio');
    await expect(page.getByTestId('critic-median')).toHaveText('S/P');
    await expect(page.getByTestId('critic-tier')).toHaveText('S/P');
  },
);

test('el pie enlaza «Cómo calculamos las notas»', { tag: '@movil' }, async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo calculamos las notas' }).click();
  await expect(page).toHaveURL(/\/como-calculamos-las-notas$/);
  await expect(page).toHaveTitle('Cómo calculamos las notas | Veredicto');
  await expect(page.getByRole('heading', { level: 2, name: 'Prensa en español' })).toBeVisible();
});
