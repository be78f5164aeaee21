import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail, GameSummary, MediaReview, Page as ApiPage } from '@veredicto/contract';
import { formatDate, formatReleaseDate, formatScore, getJson, scoreClass } from './support/api.js';
import {
  activeSlide,
  bestGamesTitle,
  cardTitles,
  carousel,
  gameCards,
  scoreBar,
  slides,
  swipe,
} from './support/ui.js';

const WITCHER = { id: 1942, path: '/game/the-witcher-3-wild-hunt/1942', title: 'The Witcher 3: Wild Hunt' };
/** A released seeded game that no test gives media reviews to. */
const WITHOUT_MEDIA_REVIEWS = { id: 35224, title: 'Space Grunts' };

test.describe('estructura de la aplicación', () => {
  test('barra de navegación, menú de la cuenta sin sesión y pie de página', async ({ page, isMobile }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Veredicto' })).toHaveAttribute('href', '/');

    const mainNav = page.getByRole('navigation', { name: 'Principal' });
    if (isMobile) {
      // Under 900 px the links and the search box move to the hamburger and the search overlay.
      await expect(mainNav).toBeHidden();
      await expect(header.getByRole('search')).toBeHidden();
    } else {
      await expect(mainNav.getByRole('link', { name: 'Juegos' })).toHaveAttribute('href', '/games/all');
      await expect(mainNav.getByRole('link', { name: 'Noticias' })).toHaveAttribute('href', '/news/allNews');
      await expect(header.getByRole('combobox', { name: 'Buscar juegos' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
    }

    const accountButton = page.getByRole('button', { name: 'Menú de la cuenta' });
    await expect(accountButton).toHaveAttribute('aria-expanded', 'false');
    await accountButton.click();
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrar' })).toBeVisible();
    await page.getByRole('link', { name: 'Registrar' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Hazte crítico' })).toBeVisible();
    // Following a link closes the menu.
    await expect(accountButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Registrar' })).toBeHidden();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'contacto@veredicto.es' })).toHaveAttribute(
      'href',
      'mailto:contacto@veredicto.es',
    );

    if (!isMobile) {
      await mainNav.getByRole('link', { name: 'Juegos' }).click();
      await expect(page).toHaveURL(/\/games\/all$/);
      await expect(page.getByRole('heading', { level: 1, name: 'JUEGOS' })).toBeVisible();
      await mainNav.getByRole('link', { name: 'Noticias' }).click();
      await expect(page).toHaveURL(/\/news\/allNews$/);
      await expect(page.getByRole('heading', { level: 1, name: 'NOTICIAS' })).toBeVisible();
    }
  });

  // The burger menu only exists below 900 px.
  test('en el móvil, el menú hamburguesa y la búsqueda superpuesta', { tag: '@movil' }, async ({ page }) => {
    await page.goto('/games/all');
    const burger = page.getByRole('button', { name: 'Abrir menú' });
    await expect(burger).toBeVisible();
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Menú móvil' });
    await expect(menu.getByRole('link')).toHaveText(['Inicio', 'Juegos', 'Noticias', 'Medios']);
    await menu.getByRole('link', { name: 'Noticias' }).click();
    await expect(page).toHaveURL(/\/news\/allNews$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Escape closes the menu and gives the focus back to its button.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    await page.getByRole('button', { name: 'Abrir búsqueda' }).click();
    const overlay = page.getByRole('dialog', { name: 'Buscar juegos' });
    await expect(overlay.getByRole('combobox', { name: 'Buscar juegos' })).toBeFocused();
    await overlay.getByRole('button', { name: 'Cerrar' }).click();
    await expect(overlay).toBeHidden();
  });
});

test.describe('portada', () => {
  test('carruseles con los mejores juegos y los últimos lanzamientos, próximos lanzamientos y noticias', async ({
    page,
    request,
    isMobile,
  }) => {
    const [best, latest, upcoming, news] = await Promise.all([
      getJson<GameSummary[]>(request, '/api/games/best'),
      getJson<GameSummary[]>(request, '/api/games/last'),
      getJson<GameSummary[]>(request, '/api/games/upcoming'),
      getJson<unknown[]>(request, '/api/news/all'),
    ]);
    expect(best.length).toBeGreaterThan(3);
    expect(latest.length).toBeGreaterThan(3);
    expect(upcoming.length).toBeGreaterThan(0);

    const featured = await request.get('/api/games/bestGame');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page).toHaveTitle('Críticas, puntuaciones y noticias de videojuegos | Veredicto');

    // The featured block shows the game chosen in admin (admin.spec.ts chooses one), and nothing before.
    if (featured.status() === 204) {
      await expect(page.getByText('JUEGO DESTACADO')).toHaveCount(0);
    } else {
      const { title } = (await featured.json()) as GameSummary;
      const block = page.getByRole('region', { name: title, exact: true });
      await expect(block).toContainText('JUEGO DESTACADO');
      await expect(block.getByRole('link', { name: `Ver críticas de ${title}` })).toBeVisible();
    }

    for (const [name, games] of [
      [bestGamesTitle(best, new Date().toISOString().slice(0, 10)), best],
      ['ÚLTIMOS LANZAMIENTOS', latest],
    ] as const) {
      const region = carousel(page, name);
      await expect(slides(region)).toHaveCount(games.length);
      await expect(slides(region).first()).toHaveAttribute('aria-label', `1 de ${games.length}`);
      // The cards are the real titles of the API, in its order (on small screens most are hidden).
      await expect(slides(region).locator('h3')).toHaveText(games.map((game) => game.title));
      await expect(region.getByRole('link', { name: games[0].title, exact: true })).toHaveAttribute(
        'href',
        `/game/${games[0].slug}/${games[0].igdbID}`,
      );
      if (isMobile) {
        await expect(activeSlide(region)).toContainText(games[0].title);
        await expect(activeSlide(region)).toBeVisible();
      } else {
        // The wide carousel is a row: the first five cards side by side.
        const first = await slides(region).nth(0).boundingBox();
        const fifth = await slides(region).nth(4).boundingBox();
        expect(fifth?.y).toBe(first?.y);
        expect(fifth?.x).toBeGreaterThan((first?.x ?? 0) + 4 * ((first?.width ?? 0) - 1));
      }
    }

    const upcomingRegion = page.getByRole('region', { name: 'PRÓXIMOS LANZAMIENTOS' });
    await expect(upcomingRegion.getByRole('link')).toHaveText(upcoming.map((game) => game.title));
    if (upcoming[0].releaseDate) {
      await expect(upcomingRegion.getByRole('listitem').first()).toContainText(
        formatReleaseDate(upcoming[0].releaseDate, upcoming[0].releaseDatePrecision),
      );
    }

    // Every test that creates news removes it, so between tests there is none: the block is not shown.
    expect(news, 'no news left behind by other tests').toEqual([]);
    await expect(page.getByRole('heading', { name: 'NOTICIAS', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ver todas las noticias' })).toHaveCount(0);
  });

  // Above 900 px the carousel is a scrolling row.
  test(
    'en el móvil, los botones y el gesto de deslizar mueven la tarjeta activa',
    { tag: '@movil' },
    async ({ page, request }) => {
      const best = await getJson<GameSummary[]>(request, '/api/games/best');
      const count = best.length;
      // No automatic advance, so every move below comes from the test.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const region = carousel(page, bestGamesTitle(best, new Date().toISOString().slice(0, 10)));
      const active = activeSlide(region);
      const expectActive = async (index: number) => {
        await expect(active).toHaveAttribute('aria-label', `${index + 1} de ${count}`);
        await expect(active).toContainText(best[index].title);
      };
      await expectActive(0);
      // The neighbours are shown beside the active card, the others are hidden.
      await expect(slides(region).nth(1)).toHaveAttribute('data-position', 'next');
      await expect(slides(region).nth(count - 1)).toHaveAttribute('data-position', 'prev');
      await expect(slides(region).nth(2)).toHaveAttribute('aria-hidden', 'true');
      await expect(slides(region).nth(2)).toBeHidden();

      await region.getByRole('button', { name: 'Avanzar' }).click();
      await expectActive(1);
      await region.getByRole('button', { name: 'Retroceder' }).click();
      await expectActive(0);
      // Wraps around: back from the first card is the last one, forward from the last is the first.
      await region.getByRole('button', { name: 'Retroceder' }).click();
      await expectActive(count - 1);
      await region.getByRole('button', { name: 'Avanzar' }).click();
      await expectActive(0);

      // A swipe to the left of more than 50 px goes forward, to the right goes back; a short one does nothing.
      await swipe(page, active, -120);
      await expectActive(1);
      await swipe(page, active, 30);
      await expectActive(1);
      await swipe(page, active, 120);
      await expectActive(0);
      await swipe(page, active, 120);
      await expectActive(count - 1);
    },
  );

  // The automatic advance belongs to the small screens' carousel.
  test(
    'en el móvil, el carrusel avanza solo cada 3 segundos',
    { tag: '@movil' },
    async ({ page, request }) => {
      const best = await getJson<GameSummary[]>(request, '/api/games/best');
      await page.goto('/');
      const region = carousel(page, bestGamesTitle(best, new Date().toISOString().slice(0, 10)));
      await expect(activeSlide(region)).toHaveAttribute('aria-label', /^1 de /);
      await expect(activeSlide(region)).toHaveAttribute('aria-label', /^2 de /, { timeout: 5000 });
    },
  );

  // On the phone the buttons change the active card instead.
  test(
    'en el escritorio, los botones desplazan la fila del carrusel',
    { tag: '@escritorio' },
    async ({ page }) => {
      await page.goto('/');
      const region = carousel(page, 'ÚLTIMOS LANZAMIENTOS');
      const track = region.getByRole('list').first();
      await expect(slides(region).first()).toBeVisible();
      await region.getByRole('button', { name: 'Avanzar' }).click();
      await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    },
  );
});

test.describe('catálogo', () => {
  test('filtro de plataforma, orden, paginación y tarjetas por fila', async ({ page, request, isMobile }) => {
    const apiPage = (query: string) =>
      getJson<ApiPage<GameSummary>>(request, `/api/games/all?size=50&${query}`);
    const all = await apiPage('page=0');

    await page.goto('/games/all');
    await expect(page.getByRole('heading', { level: 1, name: 'JUEGOS' })).toBeVisible();
    await expect(page).toHaveTitle('Juegos | Veredicto');
    const grid = page.getByRole('list', { name: 'Juegos', exact: true });
    const titles = cardTitles(grid);
    await expect(titles).toHaveText(all.content.map((game) => game.title));
    const pagination = page.getByRole('navigation', { name: 'Páginas del catálogo' });
    await expect(pagination).toContainText(`1 / ${all.totalPages}`);
    await expect(pagination.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    // Cards per row: 5 at 1440 px, 1 at 375 px.
    const cards = gameCards(grid);
    const boxes = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => cards.nth(index).boundingBox()));
    const tops = boxes.map((box) => Math.round(box?.y ?? -1));
    if (isMobile) {
      expect(new Set(tops).size).toBe(6);
      const gridBox = await grid.boundingBox();
      expect(Math.abs((boxes[0]?.width ?? 0) - (gridBox?.width ?? 0))).toBeLessThan(2);
    } else {
      expect(new Set(tops.slice(0, 5)).size).toBe(1);
      expect(tops[5]).toBeGreaterThan(tops[0]);
      const lefts = boxes.slice(0, 5).map((box) => box?.x ?? 0);
      expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    }

    // Platform filter: PlayStation 5.
    await page
      .getByRole('navigation', { name: 'Plataformas' })
      .getByRole('link', { name: 'PlayStation 5' })
      .click();
    await expect(page).toHaveURL(/\/games\/ps5$/);
    await expect(page).toHaveTitle('Juegos de PlayStation 5 | Veredicto');
    const ps5 = await apiPage('page=0&platform=ps5');
    expect(ps5.totalElements).toBeLessThan(all.totalElements);
    expect(ps5.content.every((game) => game.platform.includes('PlayStation 5'))).toBe(true);
    await expect(titles).toHaveText(ps5.content.map((game) => game.title));
    // Every card names PlayStation 5 among its platform logos.
    await expect(grid.getByRole('img', { name: /PlayStation 5/ })).toHaveCount(ps5.content.length);
    await expect(pagination).toContainText(`1 / ${ps5.totalPages}`);

    // Sort by critic score: highest first.
    await page
      .getByRole('combobox', { name: 'Ordenar por' })
      .selectOption({ label: 'Puntuación de crítica' });
    await expect(page).toHaveURL(/\/games\/ps5\?sortBy=avRatings$/);
    const byCritics = await apiPage('page=0&platform=ps5&sortBy=avRatings');
    const scores = byCritics.content.map((game) => game.avRatings ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    await expect(titles).toHaveText(byCritics.content.map((game) => game.title));
    const criticBadges = gameCards(grid)
      .getByRole('definition')
      .filter({ has: page.locator('.score-badge') });
    // Each card has the critic score, then the players' score.
    await expect(criticBadges.nth(0)).toHaveText(formatScore(byCritics.content[0].avRatings));
    await expect(criticBadges.nth(2)).toHaveText(formatScore(byCritics.content[1].avRatings));

    // Next and previous pages.
    await pagination.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\/games\/ps5\?sortBy=avRatings&page=2$/);
    await expect(pagination).toContainText(`2 / ${byCritics.totalPages}`);
    const second = await apiPage('page=1&platform=ps5&sortBy=avRatings');
    await expect(titles).toHaveText(second.content.map((game) => game.title));
    await expect(pagination.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await pagination.getByRole('button', { name: 'Anterior' }).click();
    await expect(pagination).toContainText(`1 / ${byCritics.totalPages}`);
    await expect(titles).toHaveText(byCritics.content.map((game) => game.title));
    await expect(pagination.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  });
});

test.describe('búsqueda', () => {
  const search = async (page: Page, isMobile: boolean, term: string) => {
    let box: Locator;
    if (isMobile) {
      await page.getByRole('button', { name: 'Abrir búsqueda' }).click();
      box = page
        .getByRole('dialog', { name: 'Buscar juegos' })
        .getByRole('combobox', { name: 'Buscar juegos' });
    } else {
      box = page.getByRole('banner').getByRole('combobox', { name: 'Buscar juegos' });
    }
    await box.fill(term);
    await box.press('Enter');
  };

  test('buscar desde la barra lleva a los resultados; sin resultados, el mensaje vacío', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    await search(page, isMobile, 'zelda tears');
    await expect(page).toHaveURL(/\/results\?name=zelda(%20|\+)tears$/);
    await expect(page.getByRole('heading', { level: 1, name: 'RESULTADOS' })).toBeVisible();
    await expect(page).toHaveTitle('zelda tears | Veredicto');
    const results = page.getByRole('list', { name: 'Resultados para zelda tears' });
    await expect(cardTitles(results).first()).toHaveText('The Legend of Zelda: Tears of the Kingdom');
    await expect(results.getByRole('link').first()).toHaveAttribute(
      'href',
      '/game/the-legend-of-zelda-tears-of-the-kingdom/119388',
    );
    // A card: title, both scores, platform logos and the release date dd-MM-yyyy.
    const firstCard = gameCards(results).first();
    await expect(firstCard.getByRole('term')).toHaveText(['Crítica', 'Usuarios']);
    await expect(firstCard.getByRole('img', { name: 'Nintendo Switch' })).toBeVisible();
    await expect(firstCard.locator('time')).toHaveText('12-05-2023');
    if (isMobile) {
      // One card per row at 375 px ('zelda' has many results; 'zelda tears' only the one game).
      await page.goto('/results?name=zelda');
      const cards = gameCards(page.getByRole('list', { name: 'Resultados para zelda' }));
      await expect(cards.nth(1)).toBeVisible();
      const [one, two] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
      expect(two?.y).toBeGreaterThan((one?.y ?? 0) + (one?.height ?? 0) - 1);
    }

    await search(page, isMobile, 'xqzwv');
    await expect(page).toHaveURL(/\/results\?name=xqzwv$/);
    await expect(
      page.getByText('Lo sentimos, no hemos encontrado ningún resultado para: "xqzwv"', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveTitle('xqzwv | Veredicto');
  });
});

test.describe('ficha de un juego', () => {
  test('título, puntuaciones, plataformas, fecha, críticas, vídeos e imágenes', async ({ page, request }) => {
    const [game, mediaReviews, userReviews] = await Promise.all([
      getJson<GameDetail>(request, `/api/games/${WITCHER.id}`),
      getJson<MediaReview[]>(request, `/api/games/reviews/pro/${WITCHER.id}`),
      getJson<unknown[]>(request, `/api/games/reviews/users/${WITCHER.id}`),
    ]);
    expect(mediaReviews.length).toBeGreaterThan(3);
    expect(game.videos.length).toBeGreaterThan(0);
    expect(game.screenshots.length).toBeGreaterThan(1);

    await page.goto(WITCHER.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WITCHER.title);
    await expect(page).toHaveTitle(`Críticas de ${WITCHER.title} | Veredicto`);

    const media = scoreBar(page, 'Medios');
    await expect(media).toHaveClass(new RegExp(`score--${scoreClass(game.avRatings)}`));
    await expect(media.locator('.score-badge')).toHaveText(formatScore(game.avRatings));
    await expect(media).toContainText(`${game.criticReviewCount} medios`);
    const players = scoreBar(page, 'Jugadores');
    await expect(players).toHaveClass(new RegExp(`score--${scoreClass(game.avUserRatings)}`));
    await expect(players.locator('.score-badge')).toHaveText(formatScore(game.avUserRatings));

    const logos = page.getByRole('article').getByRole('list', { name: 'Plataformas' }).first();
    for (const platform of game.platform) {
      await expect(
        logos.getByRole('img', { name: new RegExp(platform.replace(/[|]/g, '\\|')) }),
      ).toBeVisible();
    }
    await expect(page.getByText(`Lanzamiento: ${formatDate(game.releaseDate)}`)).toBeVisible();

    // CRÍTICAS: media reviews by default, from the API.
    const mediaTab = page.getByRole('tab', { name: 'Críticas de medios' });
    await expect(mediaTab).toHaveAttribute('aria-selected', 'true');
    // One card per outlet (its reviews on several platforms merged), the first 12 at once.
    const panel = page.getByRole('tabpanel');
    const outlets = [...new Set(mediaReviews.map((review) => review.medium))];
    await expect(panel.getByRole('article')).toHaveCount(Math.min(outlets.length, 12));
    const firstReview = panel.getByRole('article').first();
    await expect(firstReview.getByRole('heading', { level: 3 })).toHaveText(mediaReviews[0].medium);
    await expect(firstReview).toContainText(formatScore(mediaReviews[0].rating));
    await expect(panel.getByRole('heading', { level: 3 }).nth(2)).toHaveText(outlets[2]);

    await page.getByRole('tab', { name: 'Críticas de usuarios' }).click();
    expect(userReviews).toEqual([]);
    await expect(page.getByRole('tabpanel')).toHaveText('No hay críticas de usuarios disponibles.');

    // VIDEOS: one play button per video, with its title; the player is embedded after a click.
    const videos = page.getByRole('region', { name: 'VIDEOS' });
    const playButtons = videos.getByRole('button', { name: /^Reproducir vídeo: / });
    await expect(playButtons).toHaveCount(game.videos.length);
    await expect(videos.locator('iframe')).toHaveCount(0);
    await expect(playButtons.first()).toHaveAccessibleName(`Reproducir vídeo: ${game.videos[0].title}`);
    await playButtons.first().click();
    await expect(videos.locator('iframe')).toHaveCount(1);
    await expect(videos.locator('iframe').first()).toHaveAttribute('title', game.videos[0].title);
    await expect(videos.locator('iframe').first()).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${game.videos[0].videoID}?autoplay=1`,
    );
    await expect(videos.getByText(game.videos[0].title, { exact: true })).toBeVisible();

    // IMÁGENES: thumbnails; one opens its large version in an overlay that a click closes.
    const images = page.getByRole('region', { name: 'IMÁGENES' });
    await expect(images.getByRole('button')).toHaveCount(game.screenshots.length);
    await images.getByRole('button', { name: `Captura 2 de ${WITCHER.title}`, exact: true }).click();
    const lightbox = page.getByRole('dialog', { name: `Captura 2 de ${WITCHER.title}` });
    await expect(lightbox.getByRole('img')).toHaveAttribute('src', game.bigScreenshots[1]);
    await lightbox.getByRole('button', { name: 'Cerrar imagen' }).click();
    await expect(lightbox).toBeHidden();
    await images.getByRole('button', { name: `Captura 1 de ${WITCHER.title}`, exact: true }).click();
    const first = page.getByRole('dialog', { name: `Captura 1 de ${WITCHER.title}` });
    await expect(first.getByRole('img')).toHaveAttribute('src', game.bigScreenshots[0]);
    // A click on the dark overlay around the image closes it too.
    await page.mouse.click(3, 3);
    await expect(first).toBeHidden();
  });

  test('un juego sin críticas de medios lo dice', { tag: '@movil' }, async ({ page, request }) => {
    const game = await getJson<GameDetail>(request, `/api/games/${WITHOUT_MEDIA_REVIEWS.id}`);
    expect(game.criticReviewCount).toBe(0);
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WITHOUT_MEDIA_REVIEWS.title);
    await expect(page.getByRole('tabpanel')).toHaveText('No hay críticas de medios disponibles.');
    await expect(scoreBar(page, 'Medios').locator('.score-badge')).toHaveText('S/P');
    await expect(scoreBar(page, 'Medios')).toHaveClass(/score--null/);
  });

  test(
    'sin sesión, Puntuar, Añadir a lista, Añadir crítica y Deseados piden iniciar sesión',
    { tag: '@escritorio' },
    async ({ page }) => {
      await page.goto(WITCHER.path);
      for (const action of ['Puntuar', 'Añadir a lista', 'Añadir crítica', 'Deseados']) {
        await page.getByRole('button', { name: action, exact: true }).click();
        const modal = page.getByRole('dialog', { name: 'Inicia sesión para continuar' });
        await expect(modal, `${action} opens the login modal`).toBeVisible();
        await expect(modal.getByLabel('Usuario')).toBeFocused();
        await expect(modal.getByLabel('Contraseña')).toBeVisible();
        await expect(modal.getByRole('link', { name: 'Hazte crítico' })).toHaveAttribute('href', '/register');
        await modal.getByRole('button', { name: 'Cerrar' }).click();
        await expect(modal).toBeHidden();
      }
    },
  );
});

test.describe('teclado', () => {
  test('las pestañas se recorren con las flechas y los diálogos se cierran con Escape', async ({ page }) => {
    await page.goto(WITCHER.path);
    const media = page.getByRole('tab', { name: 'Críticas de medios' });
    const users = page.getByRole('tab', { name: 'Críticas de usuarios' });
    await media.focus();
    await page.keyboard.press('ArrowRight');
    await expect(users).toBeFocused();
    await expect(users).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveText('No hay críticas de usuarios disponibles.');
    await page.keyboard.press('ArrowRight');
    await expect(media).toBeFocused();
    await expect(media).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(users).toBeFocused();
    await page.keyboard.press('Home');
    await expect(media).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(users).toHaveAttribute('aria-selected', 'true');

    const rate = page.getByRole('button', { name: 'Puntuar', exact: true });
    await rate.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Inicia sesión para continuar' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(rate).toBeFocused();

    const images = page.getByRole('region', { name: 'IMÁGENES' });
    await images.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: `Captura 1 de ${WITCHER.title}` });
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    const account = page.getByRole('button', { name: 'Menú de la cuenta' });
    await account.click();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeHidden();
    await expect(account).toBeFocused();
  });
});

test.describe('HTML del servidor', () => {
  for (const [path, title] of [
    ['/', /<title>Críticas, puntuaciones y noticias de videojuegos \| Veredicto<\/title>/],
    ['/games/all', /<title>Juegos \| Veredicto<\/title>/],
    [WITCHER.path, /<title>Críticas de The Witcher 3: Wild Hunt \| Veredicto<\/title>/],
  ] as const) {
    test(`${path} llega con título, descripción y enlace canónico sin ejecutar JavaScript`, async ({
      request,
      baseURL,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toMatch(title);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}">`);
    });
  }
});
