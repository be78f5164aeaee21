import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { FeaturedGame, MediaReview } from '@veredicto/contract';
import {
  allNews,
  collectDialogs,
  deleteNewsThroughApi,
  formatScore,
  getJson,
  importNewsThroughApi,
  signInAdminPage,
} from './support/api.js';
import pg from 'pg';
import { adminPassword, embeddedDatabaseUrl } from './support/env.js';
import { articlePage, LocalSite, reviewPage } from './support/local-site.js';
import { openAdmin, openAdminPanel, scoreBar } from './support/ui.js';

/** A released seeded game without media reviews, reviewed by the local outlet below. */
const SCRAPED_GAME = { id: 35210, title: 'Aegis Defenders' };
/** The game marked as featured. */
const FEATURED_GAME = { id: 9061, title: 'Cuphead' };
const OUTLET = 'Pixel Ibérico';

/** Records every text shown in the page's status and alert lines, even those that last a moment. */
async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { e2eStatusTexts: string[] }).e2eStatusTexts = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = element.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { e2eStatusTexts: string[] }).e2eStatusTexts);
}

// The admin console is tested on the desktop (1440 px) only: the project 'movil-375' leaves @escritorio out.
test.describe('administración', { tag: '@escritorio' }, () => {
  // The outlet stays up for the whole file: the general scraper of one test refreshes the source of another.
  let site: LocalSite;
  test.beforeAll(async () => {
    site = await LocalSite.start();
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('la contraseña incorrecta avisa y vuelve a pedirla; la correcta abre la consola', async ({ page }) => {
    const alerts = collectDialogs(page);
    await page.goto('/admin');
    await expect(page).toHaveTitle('Administración | Veredicto');
    const prompt = page.getByRole('dialog', { name: 'Ingresa tu contraseña' });
    await expect(prompt).toBeVisible();
    // Nothing of the console is there before the password is accepted.
    await expect(page.getByRole('button', { name: 'Añadir', exact: true })).toHaveCount(0);
    // Escape does not dismiss the prompt.
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();

    await prompt.getByLabel('Contraseña').fill('no-es-la-contraseña');
    await prompt.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => alerts).toEqual(['Contraseña incorrecta']);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByLabel('Contraseña')).toHaveValue('');

    await prompt.getByLabel('Contraseña').fill(await adminPassword());
    await prompt.getByRole('button', { name: 'Entrar' }).click();
    await expect(prompt).toBeHidden();
    for (const section of ['Añadir', 'Borrar']) {
      const toggle = page.getByRole('button', { name: section, exact: true });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    }
    await openAdminPanel(page, 'Añadir');
    for (const panel of ['Añadir Noticia', 'Añadir Scraper', 'Scrapear juegos', 'Añadir Destacado']) {
      await expect(page.getByRole('button', { name: panel, exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await openAdminPanel(page, 'Borrar');
    await expect(page.getByRole('button', { name: 'Borrar noticia', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(alerts).toEqual(['Contraseña incorrecta']);
  });

  test('Añadir Scraper importa la crítica de una página local y la ficha la muestra con 85', async ({
    page,
    request,
  }) => {
    const before = await getJson<MediaReview[]>(request, `/api/games/reviews/pro/${SCRAPED_GAME.id}`);
    expect(before).toEqual([]);
    const path = `/analisis/aegis-defenders-${Date.now()}`;
    const url = site.page(
      path,
      reviewPage(`${site.origin}${path}`, {
        game: SCRAPED_GAME.title,
        outlet: OUTLET,
        author: 'Lucía Fernández',
        ratingValue: '8,5',
        bestRating: '10',
        body: 'Un plataformas de acción y defensa de torres encantador, con un cooperativo que brilla y algún pico de dificultad.',
      }),
    );

    await signInAdminPage(page, request);
    await openAdmin(page);
    await openAdminPanel(page, 'Añadir', 'Añadir Scraper');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
    await page.getByRole('textbox', { name: 'IDGame' }).fill(String(SCRAPED_GAME.id));
    await page.getByRole('button', { name: 'Añadir scraper', exact: true }).click();
    await expect(page.getByText('Scraper agregado con éxito')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Estado:/ })).toHaveText(
      /^Estado: completado — .*críticas importadas: 1/,
      { timeout: 30_000 },
    );

    await page.goto(`/game/aegis-defenders/${SCRAPED_GAME.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCRAPED_GAME.title);
    const review = page.getByRole('tabpanel').getByRole('article');
    await expect(review).toHaveCount(1);
    await expect(review.getByRole('heading', { level: 3 })).toHaveText(OUTLET);
    await expect(review).toContainText('Lucía Fernández');
    await expect(review.locator('.score-badge')).toHaveText('Puntuación: 85');
    await expect(review).toContainText('→ 85');
    await expect(review.getByRole('link', { name: 'Leer crítica completa' })).toHaveAttribute('href', url);
    // The critic figures are recalculated from it: one review is below the minimum of 4, so S/P.
    await expect(scoreBar(page, 'Medios').locator('.score-badge')).toHaveText('S/P');
    await expect(scoreBar(page, 'Medios')).toHaveClass(/score--null/);
    await expect(scoreBar(page, 'Medios')).toContainText('1 medio');
  });

  test('Scrapear juegos lanza el scraper general', async ({ page, request }) => {
    await signInAdminPage(page, request);
    await openAdmin(page);
    await openAdminPanel(page, 'Añadir', 'Scrapear juegos');
    const statusTexts = await recordStatusTexts(page);
    await page.getByRole('button', { name: 'Ejecutar Scraper' }).click();
    // The queued job is followed until the worker finishes it; only then is the scraper said to have run.
    await expect(page.getByText('Scraper ejecutado correctamente')).toBeVisible({ timeout: 45_000 });
    expect(await page.locator('.job-status').getAttribute('data-state')).toBe('completed');
    await expect(page.getByRole('status').filter({ hasText: /^Estado:/ })).toHaveText(/^Estado: completado/);
    const seen = await statusTexts();
    expect(seen.indexOf('Lanzando scraper...')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('Lanzando scraper...')).toBeLessThan(seen.indexOf('Scraper en marcha...'));
    expect(seen.indexOf('Scraper en marcha...')).toBeLessThan(
      seen.indexOf('Scraper ejecutado correctamente'),
    );
  });

  test('Críticas de juegos recientes muestra lo que el descubrimiento añadió y lo que rechazó', async ({
    page,
    request,
  }) => {
    // What a discovery run records (the run itself, on saved real pages, is in the integration tests).
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    const day = [noon.getUTCDate(), noon.getUTCMonth() + 1]
      .map((part) => String(part).padStart(2, '0'))
      .concat(String(noon.getUTCFullYear()))
      .join('-');
    const db = new pg.Client({ connectionString: await embeddedDatabaseUrl() });
    await db.connect();
    try {
      await db.query(
        `insert into review_discoveries (game_id, url, origin, outcome, reason, review_count, checked_at)
         select g.id, f.url, f.origin, f.outcome, f.reason, f.review_count, $2
           from games g,
                (values ('https://www.metacritic.com/game/cuphead/critic-reviews/', 'metacritic', 'added', null, 12),
                        ('https://opencritic.com/game/?/cuphead/reviews', 'opencritic', 'refused',
                         'OpenCritic: sus direcciones llevan un número de juego que ni el título ni IGDB dan', 0))
                  as f(url, origin, outcome, reason, review_count)
          where g.igdb_id = $1
         on conflict (game_id, url) do update set checked_at = excluded.checked_at`,
        [FEATURED_GAME.id, noon],
      );
    } finally {
      await db.end();
    }
    await signInAdminPage(page, request);
    await openAdmin(page);
    await openAdminPanel(page, 'Añadir', 'Críticas de juegos recientes');
    // The embedded product runs with REVIEW_DISCOVERY off: the panel says so and offers no run.
    await expect(page.getByText('Desactivado: se activa con REVIEW_DISCOVERY=on')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buscar ahora' })).toBeDisabled();
    await expect(page.getByRole('listitem').filter({ hasText: 'Cuphead · Metacritic' })).toContainText(
      `Cuphead · Metacritic · ${day}: 12 críticas`,
    );
    await expect(page.getByRole('listitem').filter({ hasText: 'Cuphead · OpenCritic' })).toContainText(
      `Cuphead · OpenCritic · ${day}: OpenCritic: sus direcciones llevan un número de juego`,
    );
  });

  test('Añadir Destacado marca el juego y la portada lo muestra', async ({ page, request }) => {
    await signInAdminPage(page, request);
    await openAdmin(page);
    await openAdminPanel(page, 'Añadir', 'Añadir Destacado');
    await page.getByRole('textbox', { name: 'ID del Juego' }).fill(String(FEATURED_GAME.id));
    await page.getByRole('button', { name: 'Añadir juego destacado', exact: true }).click();
    await expect(page.getByText('Juego marcado como el mejor con éxito')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ID del Juego' })).toHaveValue('');

    const featured = await getJson<FeaturedGame>(request, '/api/games/bestGame');
    expect(featured.igdbID).toBe(FEATURED_GAME.id);
    await page.goto('/');
    const block = page.getByRole('region', { name: FEATURED_GAME.title, exact: true });
    await expect(block).toContainText('JUEGO DESTACADO');
    await expect(block.getByRole('heading', { level: 2 })).toHaveText(FEATURED_GAME.title);
    await expect(block.getByRole('link', { name: `Ver críticas de ${FEATURED_GAME.title}` })).toHaveAttribute(
      'href',
      `/game/cuphead/${FEATURED_GAME.id}`,
    );
    await expect(scoreBar(page, 'Medios').locator('.score-badge')).toHaveText(
      formatScore(featured.avRatings),
    );
    // The bars of the media use the reviews at positions 0 and 2 to 6.
    const bars = [featured.reviews[0], ...featured.reviews.slice(2, 7)];
    await expect(
      block.getByRole('list', { name: 'Puntuaciones de los medios' }).locator('.score-bar__label'),
    ).toHaveText(bars.map((review) => review.medium));
  });

  test('Borrar noticia: la rejilla de noticias, la confirmación y el aviso', async ({ page, request }) => {
    const path = `/noticias/noticia-para-borrar-${Date.now()}`;
    const url = `${site.origin}${path}`;
    const title = `Sony confirma un nuevo evento State of Play para este jueves ${Date.now()}`;
    site.page(
      path,
      articlePage(url, {
        title,
        medium: OUTLET,
        publishedAt: new Date().toISOString(),
        image: `${site.origin}/imagenes/state-of-play.jpg`,
        paragraphs: [
          'Sony ha confirmado que este jueves se celebrará un nuevo State of Play de unos cuarenta minutos de duración.',
          'La compañía promete novedades de sus estudios propios y de varias editoras japonesas.',
          'La retransmisión podrá seguirse en YouTube y Twitch a partir de las once de la noche, hora peninsular.',
        ],
      }),
    );
    const item = await importNewsThroughApi(request, url);
    const alerts = collectDialogs(page);
    try {
      await signInAdminPage(page, request);
      await openAdmin(page);
      await openAdminPanel(page, 'Borrar', 'Borrar noticia');
      const card = page.getByRole('listitem').filter({ hasText: `ID: ${item.newID}` });
      await expect(card).toContainText(title);
      const idField = page.getByRole('textbox', { name: 'ID de la noticia' });

      // Cancelar hides the confirmation and deletes nothing.
      await idField.fill(String(item.newID));
      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      const confirmation = page.getByRole('group', { name: 'Confirmar eliminación' });
      await expect(confirmation).toContainText(`¿Seguro que quieres eliminar la noticia ${item.newID}?`);
      await confirmation.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirmation).toBeHidden();
      await expect(card).toBeVisible();

      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await confirmation.getByRole('button', { name: 'Sí' }).click();
      await expect.poll(() => alerts).toEqual(['Noticia eliminada']);
      await expect(confirmation).toBeHidden();
      await expect(idField).toHaveValue('');
      await expect(card).toHaveCount(0);
      const remaining = await allNews(request);
      expect(remaining.map((news) => news.newID)).not.toContain(item.newID);
      if (remaining.length === 0) await expect(page.getByText('No hay noticias disponibles')).toBeVisible();
    } finally {
      await deleteNewsThroughApi(request, [item.newID]);
    }
  });
});
