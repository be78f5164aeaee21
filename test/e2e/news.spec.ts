import { expect, test } from './support/fixtures.js';
import { allNews, deleteNewsThroughApi, formatLocalDate, importNewsThroughApi } from './support/api.js';
import { adminPassword } from './support/env.js';
import { articlePage, LocalSite, type ArticleFixture } from './support/local-site.js';
import { enterAdmin, openAdminPanel, slugify } from './support/ui.js';

const MEDIUM = 'Pixel Ibérico';
const DAY = 24 * 60 * 60 * 1000;

function article(title: string, publishedAt: Date, site: LocalSite): ArticleFixture {
  return {
    title,
    medium: MEDIUM,
    publishedAt: publishedAt.toISOString(),
    image: `${site.origin}/imagenes/portada-${publishedAt.getTime()}.jpg`,
    paragraphs: [
      `${title}: la compañía lo ha confirmado esta mañana en un comunicado y ha añadido que recuperará circuitos clásicos de toda la saga, remodelados para la nueva consola.`,
      'La compañía japonesa ha confirmado que el juego incluirá un modo cooperativo local para cuatro jugadores y partidas en línea de hasta veinticuatro participantes.',
      'El lanzamiento está previsto para la próxima primavera, y la reserva ya está disponible en las principales tiendas españolas con un precio de 69,99 euros.',
      'Según la editora, habrá más detalles en la próxima retransmisión, que se celebrará antes de que acabe el año.',
    ],
  };
}

test('una noticia añadida por URL en la administración aparece en el listado, en su página y en la portada', async ({
  page,
  request,
  isMobile,
  baseURL,
}) => {
  const site = await LocalSite.start();
  const created: number[] = [];
  try {
    const stamp = Date.now();
    if (!isMobile) {
      // The wide listing features two articles and lists the rest under its heading: two older ones first.
      for (const daysAgo of [2, 3]) {
        const path = `/noticias/anterior-${stamp}-${daysAgo}`;
        const url = `${site.origin}${path}`;
        const older = article(
          `Crónica de la semana ${daysAgo} del torneo ${stamp}`,
          new Date(stamp - daysAgo * DAY),
          site,
        );
        site.page(path, articlePage(url, older));
        created.push((await importNewsThroughApi(request, url)).newID);
      }
    }

    const title = `Nintendo anuncia una nueva edición de Mario Kart con circuitos clásicos ${stamp}`;
    const publishedAt = new Date(stamp - 60_000);
    const path = `/noticias/${slugify(title)}`;
    const url = `${site.origin}${path}`;
    const fixture = article(title, publishedAt, site);
    site.page(path, articlePage(url, fixture));

    await enterAdmin(page, await adminPassword());
    await openAdminPanel(page, 'Añadir', 'Añadir Noticia');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
    await page.getByRole('button', { name: 'Añadir noticia', exact: true }).click();
    await expect(page.getByText('Noticia agregada con éxito')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'URL', exact: true })).toHaveValue('');
    // The worker fetches the page (robots.txt first) and the admin screen follows the job to the end.
    await expect(page.getByRole('status').filter({ hasText: /^Estado:/ })).toHaveText(
      /^Estado: completado — /,
      { timeout: 30_000 },
    );
    expect(site.hits).toContain(path);

    const item = (await allNews(request)).find((news) => news.link === url);
    expect(item, 'the imported article is in /api/news/all').toBeTruthy();
    if (!item) return;
    created.push(item.newID);
    const slug = slugify(title);
    expect(item).toMatchObject({
      slug,
      title,
      medium: MEDIUM,
      description: fixture.paragraphs[0],
      description2: fixture.paragraphs[1],
      description3: fixture.paragraphs[2],
    });
    const date = formatLocalDate(publishedAt);
    const news = await allNews(request);
    expect(news[0].newID, 'the newest article comes first').toBe(item.newID);

    await page.goto('/news/allNews');
    await expect(page).toHaveTitle('Noticias de Videojuegos | Veredicto');
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICIAS' })).toBeVisible();
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/news/${slug}`);
    await expect(card.locator('time')).toHaveText(date);
    if (isMobile) {
      // Narrow: pages of five, Anterior disabled on the first one.
      const pagination = page.getByRole('navigation', { name: 'Páginas de noticias' });
      const totalPages = Math.max(1, Math.ceil(news.length / 5));
      await expect(pagination).toContainText(`1 / ${totalPages}`);
      await expect(pagination.getByRole('button', { name: 'Anterior' })).toBeDisabled();
      if (totalPages === 1)
        await expect(pagination.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
      await expect(page.getByRole('article')).toHaveCount(Math.min(5, news.length));
      await expect(page.getByRole('heading', { name: /DESCUBRE TODA LA ACTUALIDAD/ })).toHaveCount(0);
    } else {
      // Wide: the two newest as large featured cards, then the heading and the rest.
      await expect(card).toHaveClass(/news-card--featured/);
      await expect(page.locator('.news-card--featured')).toHaveCount(2);
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: '¡DESCUBRE TODA LA ACTUALIDAD SOBRE TUS VIDEOJUEGOS FAVORITOS!',
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.locator('.news-card--small')).toHaveCount(news.length - 2);
      await expect(page.getByRole('navigation', { name: 'Páginas de noticias' })).toHaveCount(0);
    }

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${slug}$`));
    await expect(page).toHaveTitle(`${title} | Veredicto`);
    const body = page.getByRole('main').getByRole('article');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(body.locator('time')).toHaveText(date);
    await expect(body).toContainText(`${MEDIUM} · ${date}`);
    await expect(body.locator('.news-article__body p')).toHaveText(fixture.paragraphs.slice(0, 3));
    // The cookie banner and the newsletter box of the outlet were left out.
    await expect(body).not.toContainText('cookies');
    await expect(body).not.toContainText('boletín');
    const source = body.getByRole('link', { name: `Ir a la noticia de ${MEDIUM}` });
    await expect(source).toHaveAttribute('href', url);
    await expect(source).toHaveAttribute('target', '_blank');

    await page.goto('/');
    const block = page.getByRole('region', { name: 'NOTICIAS', exact: true });
    await expect(block.getByRole('link', { name: title })).toHaveAttribute('href', `/news/${slug}`);
    await expect(block.getByRole('article')).toHaveCount(Math.min(4, news.length));
    await expect(block.getByRole('link', { name: 'Ver todas las noticias' })).toHaveAttribute(
      'href',
      '/news/allNews',
    );

    // Crawlers get the article's title, description and canonical link without running JavaScript.
    const html = await (await request.get(`/news/${slug}`)).text();
    expect(html).toContain(`<title>${title} | Veredicto</title>`);
    const description = (/<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    // The spec's rule, the same in the server HTML and in the app: the first 160 characters.
    expect(description).toBe(fixture.paragraphs[0].slice(0, 160));
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/news/${slug}">`);
  } finally {
    await deleteNewsThroughApi(request, created);
    await site.close();
  }
});
