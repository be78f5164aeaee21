import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import {
  FeaturedGame,
  NewsArticle,
  NewsFeed,
  ScraperSource,
  SitemapRepository,
  openDatabase,
  typedSql,
} from '@veredicto/db';
import { createGame } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

// The repositories' typed SQL (MikroORM's Kysely plugin) against the real schema: entity and property names
// become the tables and columns of the migrations, and rows come back with the entities' types.
describe('typed SQL in repositories', () => {
  let orm: MikroORM;
  let db: pg.Pool;
  const marker = `typed-sql-${Date.now().toString(36)}`;

  beforeAll(async () => {
    orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await db.query(`delete from news_feeds where url like $1`, [`%${marker}%`]);
    await db.query(`delete from news_articles where link like $1`, [`%${marker}%`]);
    await orm.close(true);
    await db.end();
  });

  it('maps entity and property names to the tables and columns, and converts the values', async () => {
    const game = await createGame(db);
    const rows = await typedSql(orm.em.fork())
      .selectFrom('Game')
      .select(['id', 'igdbId', 'createdAt', 'platforms'])
      .where('igdbId', '=', game.igdbId)
      .execute();
    expect(rows).toEqual([
      { id: game.id, igdbId: game.igdbId, createdAt: expect.any(Date), platforms: ['PC'] },
    ]);
  });

  it('stores a feed once per URL', async () => {
    const url = `https://example.com/${marker}/feed.xml`;
    const first = await orm.em.fork().getRepository(NewsFeed).addUrl(url);
    const again = await orm.em.fork().getRepository(NewsFeed).addUrl(url);
    expect(again.id).toBe(first.id);
    const { rows } = await db.query('select count(*)::int as n from news_feeds where url = $1', [url]);
    expect(rows[0].n).toBe(1);
  });

  it("registers a game's review page once and features a game in the single row", async () => {
    const game = await createGame(db);
    const sources = orm.em.fork().getRepository(ScraperSource);
    const url = `https://example.com/${marker}/reviews`;
    const id = await sources.upsertForGame(game.id, url);
    expect(await sources.upsertForGame(game.id, url)).toBe(id);

    const featured = orm.em.fork().getRepository(FeaturedGame);
    await featured.setFeatured(game.id, null);
    await featured.setFeatured(game.id, 'https://example.com/art.jpg');
    const { rows } = await db.query('select game_id, image_art from featured_game');
    expect(rows).toEqual([{ game_id: game.id, image_art: 'https://example.com/art.jpg' }]);
    await db.query('delete from featured_game');
  });

  it('inserts an article, refreshes it by link keeping what the refresh lacks, and finds new links', async () => {
    const articles = orm.em.fork().getRepository(NewsArticle);
    const input = {
      title: `Noticia ${marker}`,
      image: 'https://example.com/a.jpg',
      logo: null,
      publicationDate: null,
      description: 'Primera versión',
      description2: '',
      description3: '',
      link: `https://example.com/${marker}/1`,
      medium: 'Medio',
      feedId: null,
    };
    const created = await articles.upsertByLink(input);
    expect(created.created).toBe(true);
    const refreshed = await articles.upsertByLink({
      ...input,
      image: null,
      description: 'Segunda versión',
      publicationDate: new Date('2024-03-05T10:00:00Z'),
    });
    expect(refreshed).toEqual({ id: created.id, created: false });
    const other = await articles.upsertByLink({ ...input, link: `https://example.com/${marker}/2` });
    const { rows } = await db.query(
      'select id, slug, image, description, publication_date from news_articles where id = any($1) order by id',
      [[created.id, other.id]],
    );
    expect(rows[0]).toMatchObject({ image: input.image, description: 'Segunda versión' });
    expect(new Date(rows[0].publication_date).toISOString()).toBe('2024-03-05T10:00:00.000Z');
    expect(rows[1].slug).toBe(`${rows[0].slug}-2`);
    expect(await articles.missingLinks([input.link, `https://example.com/${marker}/3`])).toEqual([
      `https://example.com/${marker}/3`,
    ]);

    const news = await new SitemapRepository(orm.em.fork()).latestNews(100_000);
    expect(news.find((row) => row.slug === rows[0].slug)?.publicationDate).toEqual(
      new Date('2024-03-05T10:00:00Z'),
    );
  });
});
