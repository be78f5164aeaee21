import 'reflect-metadata';
import pg from 'pg';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { adminToken, call, finishedJob, fixture, LocalSite } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { strictXmlTitles } from '../support/strict-xml.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

/** Worker processes, Chromium and retries make hooks and tests slower than Jest's default. */
const SLOW = 90_000;

const PARAGRAPH =
  'El estudio ha detallado en una entrevista cómo se construyó el sistema de combate del juego. ';

/** A plain server-rendered article without canonical link: its own URL is its identity. */
const article = (
  title: string,
) => `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title} | Portal</title>
<meta property="og:site_name" content="Portal de Pruebas"><meta property="article:published_time" content="2025-06-01T10:00:00Z"></head>
<body><article><h1>${title}</h1><p>${PARAGRAPH.repeat(3)}</p><p>Segundo párrafo. ${PARAGRAPH.repeat(2)}</p><p>Tercero. ${PARAGRAPH}</p></article></body></html>`;

/** Nothing but a mount point until the script runs: only the browser path can read it. */
const SCRIPT_RENDERED = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Cargando…</title></head>
<body><noscript>Necesitas habilitar JavaScript para ver esta web.</noscript><div id="root"></div>
<script>
  const root = document.getElementById('root');
  const text = ${JSON.stringify(PARAGRAPH.repeat(3))};
  root.innerHTML = '<article><h1>El remake de culto llega en otoño</h1>'
    + '<time datetime="2025-05-20T08:00:00Z">20 de mayo</time>'
    + '<p>' + text + '</p><p>Más detalles: ' + text + '</p><p>Y un cierre: ' + text + '</p></article>';
  document.title = 'El remake de culto llega en otoño';
</script></body></html>`;

const rss = (
  origin: string,
) => `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Portal de Pruebas</title>
<link>${origin}/</link>
<item><title>Primera</title><link>${origin}/feed/primera</link><pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate></item>
<item><title>Segunda</title><link>${origin}/feed/segunda</link><pubDate>Mon, 02 Jun 2025 11:00:00 GMT</pubDate></item>
</channel></rss>`;

/**
 * A page whose title and text hold what XML 1.0 forbids, as references and raw (U+FFFF, a lone surrogate's
 * reference), next to markup-like text that must stay text.
 */
const HOSTILE_TITLE = 'Hostil&#1; con&#8; controles&#31; y \uffff final &#xD800;&lt;b&gt;&amp; "citas"';
const hostileArticle = (stamp: string) =>
  article(`${HOSTILE_TITLE} ${stamp}`)
    .replace('2025-06-01T10:00:00Z', new Date().toISOString())
    .replace('<p>', '<p>Texto&#2; raro&#x1F; \ufffe aquí. ');

describe('news import through the API, the queue and the worker process', () => {
  const site = new LocalSite();
  let api: TestApi;
  let workers: RunningProcess;
  let db: pg.Client;
  let token: string;
  const backend = ONE_BACKEND;
  const stamp = String(Date.now());

  beforeAll(async () => {
    await site.start();
    site
      .route('/noticias/zelda', fixture('news/open-graph-only.html'))
      .route('/app/remake', SCRIPT_RENDERED)
      .route('/feed/primera', article('Primera noticia del feed de pruebas'))
      .route('/feed/segunda', article('Segunda noticia del feed de pruebas'))
      .route('/feed.xml', () => rss(site.origin), 'application/rss+xml; charset=utf-8')
      .route('/noticias/hostil', () => hostileArticle(stamp));
    api = await startTestApi(backend);
    workers = await startProcess('workers', api.env);
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
  }, SLOW);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await site.close();
  }, SLOW);

  const importUrl = async (url: string) => {
    const { status, body } = await call(api.baseUrl, 'POST', '/api/news/scraper', { token, form: { url } });
    expect(status).toBe(202);
    expect(body.queue).toBe('news');
    return finishedJob(api.baseUrl, token, 'news', body.jobId);
  };

  it(
    'stores a hostile page without the characters XML forbids, and the news feed stays valid XML',
    async () => {
      const job = await importUrl(site.url('/noticias/hostil'));
      const { rows } = await db.query<{ title: string; description: string }>(
        `select title, description from news_articles where id = $1`,
        [job.result.newsId],
      );
      expect(rows[0].title).toBe(`Hostil con controles y final \ufffd<b>& "citas" ${stamp}`);
      expect(rows[0].description).toMatch(/^Texto raro aquí\. /);

      const atom = await (await fetch(`${api.baseUrl}/feeds/noticias.xml`)).text();
      const titles = strictXmlTitles(atom);
      // type="html": the entry's markup-like text arrives escaped, as text.
      expect(titles).toContain(`Hostil con controles y final \ufffd&lt;b&gt;& "citas" ${stamp}`);
    },
    SLOW,
  );

  it(
    'imports a server-rendered article over HTTP, once, and serves it in the contract shape',
    async () => {
      const url = site.url('/noticias/zelda');
      // A double click queues one job.
      const [first, second] = await Promise.all([
        call(api.baseUrl, 'POST', '/api/news/scraper', { token, form: { url } }),
        call(api.baseUrl, 'POST', '/api/news/scraper', { token, json: { url } }),
      ]);
      expect(first.body.jobId).toBe(second.body.jobId);
      const job = await finishedJob(api.baseUrl, token, 'news', first.body.jobId);
      expect(job.result).toEqual({ newsId: expect.any(Number), created: true, via: 'http' });
      expect(job.progress).toEqual({ percent: 100, message: 'noticia importada' });

      const { status, body: news } = await call(api.baseUrl, 'GET', `/api/news/${job.result.newsId}`);
      expect(status).toBe(200);
      expect(news).toEqual({
        newID: job.result.newsId,
        slug: 'nintendo-confirma-un-nuevo-zelda-para-2026',
        title: 'Nintendo confirma un nuevo Zelda para 2026',
        image: expect.stringContaining('/2025/03/zelda-nuevo-2026.jpg'),
        logo: expect.any(String),
        publicationDate: '2025-03-12T08:30:00.000Z',
        description: expect.stringContaining('Zelda'),
        description2: expect.any(String),
        description3: expect.any(String),
        link: 'https://www.hobbyconsolas.com/noticias/nintendo-confirma-nuevo-zelda-2026-1434567',
        medium: 'HobbyConsolas',
      });

      // Importing it again later updates the same row.
      const again = await importUrl(url);
      expect(again.result).toEqual({ newsId: job.result.newsId, created: false, via: 'http' });
      const { rows } = await db.query(`select count(*)::int as n from news_articles where link = $1`, [
        news.link,
      ]);
      expect(rows[0].n).toBe(1);
    },
    SLOW,
  );

  it(
    'renders a JavaScript-only page in the browser',
    async () => {
      const job = await importUrl(site.url('/app/remake'));
      expect(job.result).toMatchObject({ created: true, via: 'browser' });
      const { body: news } = await call(api.baseUrl, 'GET', `/api/news/${job.result.newsId}`);
      expect(news.title).toBe('El remake de culto llega en otoño');
      expect(news.slug).toBe('el-remake-de-culto-llega-en-otono');
      expect(news.description).toContain('sistema de combate');
      expect(news.link).toBe(site.url('/app/remake'));
    },
    SLOW,
  );

  it(
    'gives a second article with the same title the next slug',
    async () => {
      site.route('/otra/zelda', article('Nintendo confirma un nuevo Zelda para 2026'));
      const job = await importUrl(site.url('/otra/zelda'));
      const { body: news } = await call(api.baseUrl, 'GET', `/api/news/${job.result.newsId}`);
      expect(news.slug).toBe('nintendo-confirma-un-nuevo-zelda-para-2026-2');
    },
    SLOW,
  );

  it(
    'stores no date for an article whose page gives none, answers publicationDate null and lists it after the dated ones',
    async () => {
      site.route(
        '/sin-fecha',
        article('Un artículo que no dice cuándo se publicó').replace(
          /<meta property="article:published_time"[^>]*>/,
          '',
        ),
      );
      const job = await importUrl(site.url('/sin-fecha'));
      const { body: news } = await call(api.baseUrl, 'GET', `/api/news/${job.result.newsId}`);
      expect(news.title).toBe('Un artículo que no dice cuándo se publicó');
      expect(news.publicationDate).toBeNull();
      const { rows } = await db.query('select publication_date from news_articles where id = $1', [
        job.result.newsId,
      ]);
      expect(rows).toEqual([{ publication_date: null }]);
      const { body: all } = await call(api.baseUrl, 'GET', '/api/news/all');
      const dated = all.filter((item: { publicationDate: string | null }) => item.publicationDate !== null);
      expect(dated.length).toBeGreaterThan(0);
      expect(all.slice(0, dated.length)).toEqual(dated);
      expect(all.at(-1).newID).toBe(job.result.newsId);
    },
    SLOW,
  );

  it(
    'lists the news newest first',
    async () => {
      const { status, body } = await call(api.baseUrl, 'GET', '/api/news/all');
      expect(status).toBe(200);
      const dates = body
        .filter((item: { publicationDate: string | null }) => item.publicationDate !== null)
        .map((item: { publicationDate: string }) => Date.parse(item.publicationDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(body.map((item: { title: string }) => item.title)).toContain(
        'El remake de culto llega en otoño',
      );
    },
    SLOW,
  );

  it(
    'refuses bad URLs before queueing anything',
    async () => {
      for (const url of ['no es una url', 'ftp://example.com/x', 'http://10.0.0.1/x', '']) {
        const { status, body } = await call(api.baseUrl, 'POST', '/api/news/scraper', {
          token,
          form: { url },
        });
        expect(status).toBe(400);
        expect(typeof body.message).toBe('string');
      }
      const { body } = await call(api.baseUrl, 'POST', '/api/news/scraper', { token, form: { url: 'nada' } });
      expect(body).toEqual({ statusCode: 400, message: 'La URL no es válida.' });
    },
    SLOW,
  );

  it(
    'polls a feed and imports each new item once',
    async () => {
      const feedUrl = site.url('/feed.xml');
      const { status, body: feed } = await call(api.baseUrl, 'POST', '/api/admin/feeds', {
        token,
        json: { url: feedUrl },
      });
      expect(status).toBe(201);
      await finishedJob(api.baseUrl, token, feed.queue, feed.jobId);
      const stored = () =>
        db.query(`select link, feed_id from news_articles where link like $1 order by link`, [
          `${site.origin}/feed/%`,
        ]);
      await waitFor(async () => (await stored()).rows.length === 2, {
        what: 'the feed articles',
        timeoutMs: 30_000,
      });

      // Polled again: nothing new to queue, still two rows.
      const second = await call(api.baseUrl, 'POST', '/api/admin/feeds', { token, json: { url: feedUrl } });
      expect(second.body.id).toBe(feed.id);
      const job = await finishedJob(api.baseUrl, token, second.body.queue, second.body.jobId);
      expect(job.result).toEqual({ feeds: 1, enqueued: 0 });
      expect((await stored()).rows).toEqual([
        { link: `${site.origin}/feed/primera`, feed_id: feed.id },
        { link: `${site.origin}/feed/segunda`, feed_id: feed.id },
      ]);
      const { body: feeds } = await call(api.baseUrl, 'GET', '/api/admin/feeds', { token });
      expect(feeds).toContainEqual(
        expect.objectContaining({
          id: feed.id,
          url: feedUrl,
          title: 'Portal de Pruebas',
          lastImportedCount: 0,
          lastError: null,
        }),
      );
    },
    SLOW,
  );

  it(
    'deletes a news item (admin only)',
    async () => {
      const { body: list } = await call(api.baseUrl, 'GET', '/api/news/all');
      const id = list[0].newID;
      expect((await call(api.baseUrl, 'DELETE', `/api/news/${id}`)).status).toBe(401);
      expect((await call(api.baseUrl, 'DELETE', `/api/news/${id}`, { token })).status).toBe(204);
      expect(await call(api.baseUrl, 'GET', `/api/news/${id}`)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: 'Noticia no encontrada' },
      });
    },
    SLOW,
  );
});
