import 'reflect-metadata';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import type pg from 'pg';
import Parser from 'rss-parser';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { strictXmlTitles } from '../support/strict-xml.js';
import { ONE_BACKEND } from '../support/test-env.js';

const atomParser = new Parser();

/** A day relative to the run's date, as YYYY-MM-DD. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('open feeds (section 15): Atom and JSON Feed with ETag and 304', () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool(ONE_BACKEND, { demoCatalogue: true })), 600_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.baseUrl}${path}`, { headers });

  /** Both formats of a feed, each read by a feed parser that did not write it. */
  const readBoth = async (path: string) => {
    const atom = await fetchFeed(`${path}.xml`);
    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const xml = await atom.text();
    const parsed = await atomParser.parseString(xml);
    // The strict Atom reading too: every entry has its id, title, updated and link.
    expect(parseAtomFeed(xml).entries?.length ?? 0).toBe(parsed.items.length);
    const json = await fetchFeed(`${path}.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/feed\+json/);
    const text = await json.text();
    expect(JSON.parse(text).version).toBe('https://jsonfeed.org/version/1.1');
    const jsonFeed = parseJsonFeed(text);
    expect((jsonFeed.items ?? []).map((item) => item.title)).toEqual(parsed.items.map((item) => item.title));
    return { atom: parsed, json: jsonFeed, etag: atom.headers.get('etag'), response: atom };
  };

  it('news: the latest article in Atom and JSON Feed, a conditional GET answers 304 until it changes', async () => {
    const title = `Anunciado un nuevo juego ${Date.now()}`;
    await db.query(
      `insert into news_articles (slug, title, description, link, medium, publication_date)
       values ($1, $2, 'Un resumen de la noticia.', $3, 'Vandal', $4)`,
      [`noticia-${Date.now()}`, title, `https://example.org/noticia-${Date.now()}`, new Date()],
    );
    const { atom, json, etag, response } = await readBoth('/feeds/noticias');
    expect(atom.title).toBe('Veredicto: noticias');
    expect(atom.items[0].title).toBe(title);
    expect(atom.items[0].link).toMatch(/\/news\/noticia-\d+$/);
    expect(json.items?.[0].title).toBe(title);

    expect(etag).toMatch(/^"[\w-]+"$/);
    const lastModified = response.headers.get('last-modified')!;
    const unchanged = await fetchFeed('/feeds/noticias.xml', { 'if-none-match': etag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const notModifiedSince = await fetchFeed('/feeds/noticias.xml', { 'if-modified-since': lastModified });
    expect(notModifiedSince.status).toBe(304);
    // The JSON Feed has its own validator: Atom's ETag does not match it.
    expect((await fetchFeed('/feeds/noticias.json', { 'if-none-match': etag! })).status).toBe(200);

    const later = `Otra noticia ${Date.now()}`;
    await db.query(
      `insert into news_articles (slug, title, link, medium, publication_date)
       values ($1, $2, $3, 'Meristation', $4)`,
      [`otra-${Date.now()}`, later, `https://example.org/otra-${Date.now()}`, new Date(Date.now() + 60_000)],
    );
    const changed = await fetchFeed('/feeds/noticias.xml', { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await atomParser.parseString(await changed.text())).items[0].title).toBe(later);
  });

  it("a game's media reviews and an outlet's reviews, newest here first; their pages link them", async () => {
    const { rows } = await db.query<{ igdb_id: number; slug: string; reviews: number; outlet: string }>(
      `select g.igdb_id, g.slug, count(*)::int as reviews, min(mr.outlet) as outlet
       from media_reviews mr join games g on g.id = mr.game_id
       group by g.id order by count(*) desc, g.id limit 1`,
    );
    const game = rows[0];
    const { atom } = await readBoth(`/feeds/juegos/${game.igdb_id}`);
    expect(atom.items).toHaveLength(Math.min(50, game.reviews));
    const { rows: outlets } = await db.query<{ outlet: string }>(
      `select outlet from media_reviews mr join games g on g.id = mr.game_id where g.igdb_id = $1`,
      [game.igdb_id],
    );
    for (const item of atom.items) {
      expect(outlets.map((row) => row.outlet)).toContain(item.title!.split(':')[0]);
    }

    // A review that arrives now leads the game's feed and its outlet's.
    const { rows: outletRows } = await db.query<{ slug: string; name: string }>(
      `select slug, name from outlets where name = $1`,
      [game.outlet],
    );
    const outlet = outletRows[0];
    const before = await fetchFeed(`/feeds/medios/${outlet.slug}.xml`);
    const beforeTag = before.headers.get('etag')!;
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, raw_score, dedupe_key, published_at)
       select id, $2, 77, '7,7', $3, $4 from games where igdb_id = $1`,
      [game.igdb_id, outlet.name, `feed-test-${Date.now()}`, dayFromToday(0)],
    );
    const gameFeed = await readBoth(`/feeds/juegos/${game.igdb_id}`);
    expect(gameFeed.atom.items[0].title).toBe(`${outlet.name}: 7,7`);
    const outletFeed = await readBoth(`/feeds/medios/${outlet.slug}`);
    expect(outletFeed.atom.items[0].title).toMatch(/: 7,7$/);
    expect(outletFeed.etag).not.toBe(beforeTag);
    expect(
      (await fetchFeed(`/feeds/medios/${outlet.slug}.xml`, { 'if-none-match': outletFeed.etag! })).status,
    ).toBe(304);

    const page = await (await fetchFeed(`/game/${game.slug}/${game.igdb_id}`)).text();
    expect(page).toContain(`<link rel="alternate" type="application/atom+xml" title="Críticas de`);
    expect(page).toContain(`href="${api.config.PUBLIC_URL}/feeds/juegos/${game.igdb_id}.xml"`);
    expect(page).toContain(`href="${api.config.PUBLIC_URL}/feeds/juegos/${game.igdb_id}.json"`);
    const outletPage = await (await fetchFeed(`/medios/${outlet.slug}`)).text();
    expect(outletPage).toContain(`href="${api.config.PUBLIC_URL}/feeds/medios/${outlet.slug}.xml"`);
  });

  it('a review holding what XML forbids leaves the game and outlet feeds valid XML', async () => {
    const { rows } = await db.query<{ igdb_id: number; slug: string; name: string }>(
      `select g.igdb_id, o.slug, o.name from media_reviews mr join games g on g.id = mr.game_id
       join outlets o on o.name = mr.outlet order by mr.id limit 1`,
    );
    const [target] = rows;
    // Written straight to the table, as a row stored before scraped text was cleaned would be.
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, raw_score, dedupe_key, published_at, author, snippet)
       select id, $2, 81, $3, $4, $5, $6, $7 from games where igdb_id = $1`,
      [
        target.igdb_id,
        target.name,
        '8,1\u0001',
        `hostil-${Date.now()}`,
        dayFromToday(0),
        'Ana\u0008 Pérez',
        'Un texto\u001f con \uffff controles &#1; y <b>marcas</b> ]]> fin.',
      ],
    );
    for (const path of [`/feeds/juegos/${target.igdb_id}.xml`, `/feeds/medios/${target.slug}.xml`]) {
      const xml = await (await fetchFeed(path)).text();
      expect(strictXmlTitles(xml).filter((title) => title.endsWith(': 8,1'))).toHaveLength(1);
      expect(xml).toContain('Ana Pérez');
      // Atom's type="html" in a CDATA section: the text escaped as HTML, so not even ']]>' can close it.
      expect(xml).toContain('Un texto con  controles &amp;#1; y &lt;b&gt;marcas&lt;/b&gt; ]]&gt; fin.');
    }
  });

  it("a platform's upcoming releases, soonest first; unknown feeds are 404 JSON", async () => {
    const soon = await createGame(db, { platforms: ['PlayStation 5'], releaseDate: dayFromToday(1) });
    const elsewhere = await createGame(db, { platforms: ['PC'], releaseDate: dayFromToday(1) });
    const { atom, json } = await readBoth('/feeds/lanzamientos/ps5');
    const titles = atom.items.map((item) => item.title);
    expect(titles).toContain(`${soon.title} (${dayFromToday(1).split('-').reverse().join('-')})`);
    expect(titles.some((title) => title?.startsWith(elsewhere.title))).toBe(false);
    const { rows } = await db.query<{ release_date: string }>(
      `select to_char(release_date, 'YYYY-MM-DD') as release_date from games
       where release_date > current_date and platforms @> array['PlayStation 5'] and not mature
       order by release_date, id limit 50`,
    );
    expect(json.items).toHaveLength(rows.length);
    const catalogue = await (await fetchFeed('/games/ps5')).text();
    expect(catalogue).toContain(`href="${api.config.PUBLIC_URL}/feeds/lanzamientos/ps5.json"`);

    for (const path of [
      '/feeds/lanzamientos/nes.xml',
      '/feeds/juegos/abc.xml',
      '/feeds/juegos/1.rss',
      '/feeds/juegos/999999999.json',
      '/feeds/medios/no-existe.xml',
      '/feeds/medios/..%2F..xml',
      '/feeds/otra.xml',
    ]) {
      const response = await fetchFeed(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ statusCode: 404, message: expect.any(String) });
    }
  });
});
