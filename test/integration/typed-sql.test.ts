import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import ts from 'typescript';
import {
  FeaturedGame,
  jsonRecordset,
  NewsArticle,
  NewsFeed,
  OutboxMessage,
  ScraperSource,
  SitemapRepository,
  openDatabase,
  reusableQuery,
  typedRows,
  typedSql,
} from '@veredicto/db';
import { fromRoot } from '@veredicto/config/project-root.js';
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
    await db.query(`delete from job_outbox where job_name = $1`, [marker]);
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

  it('reuses a query compiled once per shape with new values, and refuses a value used otherwise', async () => {
    const [first, second] = [await createGame(db), await createGame(db)];
    let builds = 0;
    const byIgdbIds = reusableQuery((typed, ids: number[]) => {
      builds += 1;
      return typed.selectFrom('Game').select('id').where('igdbId', 'in', ids).orderBy('id');
    });
    const em = orm.em.fork();
    const ids = async (igdbIds: number[]) =>
      (await typedRows(em, byIgdbIds(em, igdbIds))).map((row) => Number(row.id));
    expect(await ids([first.igdbId])).toEqual([first.id]);
    expect(await ids([second.igdbId])).toEqual([second.id]);
    expect(builds).toBe(1);
    expect(await ids([first.igdbId, second.igdbId])).toEqual([first.id, second.id]);
    expect(builds).toBe(2);
    // A value turned into another (a LIKE pattern made from it) cannot be swapped for the next one.
    const byTitleStart = reusableQuery((typed, title: string) =>
      typed.selectFrom('Game').select('id').where('title', 'like', `${title}%`),
    );
    expect(() => byTitleStart(em, 'Zelda')).toThrow(/reusableQuery/);
  });

  it('runs a reusable query as a statement prepared once per connection, and unprepared once the server forgets it', async () => {
    const game = await createGame(db);
    // One connection, so what the server prepared on it can be read on it.
    const single = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 1 });
    try {
      const em = single.em.fork();
      const byIgdbId = reusableQuery((typed, igdbId: number) =>
        typed
          .selectFrom('Game as g')
          .select(['g.id as id', 'g.createdAt as created_at'])
          .where('g.igdbId', '=', igdbId),
      );
      const prepared = async () =>
        (
          await em
            .getConnection()
            .execute<{ name: string }[]>(
              `select name from pg_prepared_statements where left(name, 3) = 'vq_'`,
            )
        ).map((row) => row.name);
      const before = await prepared();
      const rows = await typedRows(em, byIgdbId(em, game.igdbId));
      // The same rows, with the same types, as the driver gives them unprepared.
      const unprepared = await em
        .getConnection()
        .getClient<unknown>()
        .executeQuery(byIgdbId(em, game.igdbId).compile());
      expect(rows).toEqual(unprepared.rows);
      expect(rows).toEqual([{ id: game.id, created_at: expect.any(String) }]);
      const after = await prepared();
      expect(after.length).toBe(before.length + 1);
      await typedRows(em, byIgdbId(em, game.igdbId));
      expect(await prepared()).toEqual(after);
      // A query made not to be prepared (many shapes, large plans) leaves nothing on the connection.
      const unpreparedQuery = reusableQuery(
        (typed, igdbId: number) =>
          typed.selectFrom('Game as g').select('g.id as id').where('g.igdbId', '=', igdbId),
        { prepare: false },
      );
      expect(await typedRows(em, unpreparedQuery(em, game.igdbId))).toEqual([{ id: game.id }]);
      expect(await prepared()).toEqual(after);
      // The server forgets it (as after a fail-over): the statement runs unprepared, with the same answer.
      await em.getConnection().execute('deallocate all');
      expect(await typedRows(em, byIgdbId(em, game.igdbId))).toEqual(rows);
      expect(await typedRows(em, byIgdbId(em, game.igdbId))).toEqual(rows);
    } finally {
      await single.close(true);
    }
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

  it("reads a batch's own column even when a joined entity has a property of that name", async () => {
    const game = await createGame(db);
    // igdbId is also a property of Game (column igdb_id): the batch's column must stay its own.
    const batch = jsonRecordset('x', [{ igdbId: game.igdbId, note: 'uno' }], { igdbId: 'int', note: 'text' });
    const rows = await typedSql(orm.em.fork())
      .selectFrom(batch.table)
      .innerJoin('Game as g', (join) => join.on('g.igdbId', '=', batch.column('igdbId')))
      .select(['g.id', ...batch.select('note')])
      .execute();
    expect(rows).toEqual([{ id: game.id, note: 'uno' }]);
  });

  it("writes on the EntityManager's transaction, and claims outbox rows other relays skip", async () => {
    await orm.em
      .fork()
      .transactional(async (tx) => {
        await tx.getRepository(OutboxMessage).add(marker, [{ gameId: 1 }]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const { rows: none } = await db.query('select id from job_outbox where job_name = $1', [marker]);
    expect(none).toEqual([]);

    const ids = await orm.em
      .fork()
      .getRepository(OutboxMessage)
      .add(marker, [{ gameId: 1 }, { gameId: 2 }]);
    expect(ids).toHaveLength(2);
    await orm.em.fork().transactional(async (first) => {
      const claimed = await first.getRepository(OutboxMessage).claimPending(1000, 0);
      const mine = claimed.filter((message) => ids.includes(message.id));
      expect(mine.map((message) => message.payload)).toEqual([{ gameId: 1 }, { gameId: 2 }]);
      // A second relay, in its own transaction, skips the rows the first one holds.
      await orm.em.fork().transactional(async (second) => {
        const others = await second.getRepository(OutboxMessage).claimPending(1000, 0);
        expect(others.filter((message) => ids.includes(message.id))).toEqual([]);
      });
      await first.getRepository(OutboxMessage).markSent(ids);
    });
    const { rows } = await db.query(
      'select count(*)::int as n from job_outbox where id = any($1) and sent_at is not null',
      [ids],
    );
    expect(rows[0].n).toBe(2);
  });
});

// The point of typed SQL: a renamed Game property fails the type-check of every query of the games
// repositories that names it (catalogue pages and their anchors, figures, upserts, search), not a request at
// run time.
describe('typed SQL of the games repositories under a renamed property', () => {
  const repositories = [
    'libs/db/src/games/game.repository.ts',
    'libs/db/src/games/game-figures.repository.ts',
    'libs/db/src/games/game-import.repository.ts',
    'libs/db/src/games/game-translation.repository.ts',
    'libs/db/src/search/game-search.repository.ts',
    'libs/db/src/search/search-source.repository.ts',
  ].map((file) => fromRoot(file));
  const entity = fromRoot('libs/db/src/games/game.entity.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    fromRoot('tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  let program: ts.Program | undefined;

  /** The type errors in the games repositories when game.entity.ts reads `entitySource`. */
  const repositoryErrors = (entitySource: string): string[] => {
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => (file === entity ? entitySource : readFile(file));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (file, language, onError) =>
      file === entity
        ? ts.createSourceFile(file, entitySource, language)
        : getSourceFile(file, language, onError);
    const built = ts.createProgram({
      rootNames: repositories,
      options: config.options,
      host,
      oldProgram: program,
    });
    program = built;
    return repositories
      .flatMap((repository) => ts.getPreEmitDiagnostics(built, built.getSourceFile(repository)))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  };

  const original = readFileSync(entity, 'utf8');
  const renamed = (declaration: string, to: string) => {
    expect(original).toContain(`\n  ${declaration}`);
    return original.replace(`\n  ${declaration}`, `\n  ${declaration.replace(/^\w+/, to)}`);
  };

  it('type-checks as it is', () => {
    expect(repositoryErrors(original)).toEqual([]);
  }, 120_000);

  it.each([
    ['searchName!: string;', 'searchText'],
    ['releaseDate?: string | null;', 'releasedOn'],
    ['playerRankScore?: number | null;', 'playerRank'],
    ['criticHistogram: number[]', 'criticBands'],
    ['avRatings?: number | null;', 'criticAverage'],
  ])(
    'fails when %s is renamed to %s',
    (declaration, to) => {
      const errors = repositoryErrors(renamed(declaration, to));
      const property = declaration.replace(/\W.*$/, '');
      expect(errors.some((message) => message.includes(property))).toBe(true);
    },
    120_000,
  );
});
