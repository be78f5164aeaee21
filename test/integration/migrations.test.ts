import 'reflect-metadata';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '@veredicto/db';
import { testEnv, withDatabase } from '../support/test-env.js';

describe('migrations', () => {
  const database = `veredicto_migrations_${Date.now().toString(36)}`;
  const admin = () => new pg.Client({ connectionString: withDatabase(testEnv().serverUrl, 'postgres') });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${database}"`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.end();
  });

  it('build the schema the entities describe, from an empty database (CI fails when they disagree)', async () => {
    const databaseUrl = withDatabase(testEnv().serverUrl, database);
    const orm = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      const applied = await migrateDatabase(orm, databaseUrl);
      expect(applied.length).toBeGreaterThan(0);
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
      expect(diff.trim()).toBe('');
      // A second run finds nothing pending.
      expect(await migrateDatabase(orm, databaseUrl)).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });

  it("fold 'Lo quiero' into 'Deseados' with no entry lost, and mark adult titles and add-ons (docs/CONTRACT.md §16)", async () => {
    const databaseUrl = withDatabase(testEnv().serverUrl, database);
    const orm = await openDatabase({ databaseUrl, poolSize: 2 });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await migrateDatabase(orm, databaseUrl);
      // Back to the schema before the fold (the migrations after it, the add-on mark among them, reverted too):
      // every user has 'Lo quiero' again.
      const reverted = await orm.migrator.down({ to: 'Migration20261129160000_ReviewDiscovery' });
      expect(reverted.map((migration) => migration.name)).toContain(
        'Migration20261129140000_MatureGamesOneWishlist',
      );
      const games = await db.query(
        `insert into games (igdb_id, slug, title, search_name) values (1, 'a', 'Hentai Girls: DJ Romance', 'a'),
         (2, 'b', 'The Sexy Brutale', 'b'), (3, 'c', 'Sex Shop Supermarket Simulator', 'c'),
         (4, 'd', 'Anno 1800: Season Pass', 'd'), (5, 'e', 'The Jackbox Party Pack 7', 'e'),
         (6, 'f', 'Payday 2: Yakuza Character Pack', 'f') returning id`,
      );
      const [adult, sexy, shop, seasonPass, , characterPack] = games.rows.map(
        (row: { id: number }) => row.id,
      );
      const users = await db.query(
        `insert into users (username, username_key, email, password_hash)
         values ('Ana', 'ana', 'ana@example.com', 'h'), ('Luis', 'luis', 'luis@example.com', 'h') returning id`,
      );
      const [ana, luis] = users.rows.map((row: { id: number }) => row.id);
      const list = async (user: number, name: string) =>
        (
          await db.query(
            `insert into game_lists (user_id, name, name_key, reserved) values ($1, $2::varchar, lower($2::varchar), true) returning id`,
            [user, name],
          )
        ).rows[0].id as number;
      const [anaWants, anaWishes, luisWants] = [
        await list(ana, 'Lo quiero'),
        await list(ana, 'Deseados'),
        await list(luis, 'Lo quiero'),
      ];
      const entry = (listId: number, gameId: number, addedAt: string) =>
        db.query(`insert into game_list_entries (list_id, game_id, added_at) values ($1, $2, $3)`, [
          listId,
          gameId,
          addedAt,
        ]);
      await entry(anaWants, sexy, '2026-01-02T00:00:00Z');
      await entry(anaWants, shop, '2026-01-01T00:00:00Z');
      await entry(anaWishes, shop, '2026-03-01T00:00:00Z');
      await entry(luisWants, adult, '2026-02-01T00:00:00Z');

      // The fold first, then the migrations that came after it (the add-on mark among them).
      const applied = await migrateDatabase(orm, databaseUrl);
      expect(applied[0]).toBe('Migration20261129140000_MatureGamesOneWishlist');
      expect(applied).toContain('Migration20261130100000_AddonGames');
      const lists = await db.query(
        `select l.user_id, l.name, l.reserved, e.game_id, e.added_at from game_lists l
         left join game_list_entries e on e.list_id = l.id where l.user_id = any($1) order by l.user_id, e.game_id`,
        [[ana, luis]],
      );
      expect(lists.rows).toEqual([
        {
          user_id: ana,
          name: 'Deseados',
          reserved: true,
          game_id: sexy,
          added_at: new Date('2026-01-02T00:00:00Z'),
        },
        {
          user_id: ana,
          name: 'Deseados',
          reserved: true,
          game_id: shop,
          added_at: new Date('2026-01-01T00:00:00Z'),
        },
        {
          user_id: luis,
          name: 'Deseados',
          reserved: true,
          game_id: adult,
          added_at: new Date('2026-02-01T00:00:00Z'),
        },
      ]);
      const marked = await db.query(`select id from games where mature order by id`);
      expect(marked.rows.map((row: { id: number }) => row.id)).toEqual([adult, shop]);
      // The add-ons marked by their titles; a party game called 'Pack' stays a game.
      const addons = await db.query(`select id from games where addon order by id`);
      expect(addons.rows.map((row: { id: number }) => row.id)).toEqual([seasonPass, characterPack]);
    } finally {
      await db.end();
      await orm.close(true);
    }
  });

  it('enforce what must never happen', async () => {
    const db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    try {
      const game = await db.query(
        `insert into games (igdb_id, slug, title, search_name) values (987654321, 'x', 'X', 'x') returning id`,
      );
      const user = await db.query(
        `insert into users (username, username_key, email, password_hash) values ('Dup', 'dup', 'dup@example.com', 'h') returning id`,
      );
      const [gameId, userId] = [game.rows[0].id, user.rows[0].id];
      await db.query('insert into ratings (user_id, game_id, score) values ($1, $2, 50)', [userId, gameId]);
      await expect(
        db.query('insert into ratings (user_id, game_id, score) values ($1, $2, 70)', [userId, gameId]),
      ).rejects.toThrow(/ratings_user_game_unique/);
      // Another game, so only the range check can refuse it (not the unique key of the row above).
      const other = await db.query(
        `insert into games (igdb_id, slug, title, search_name) values (987654322, 'y', 'Y', 'y') returning id`,
      );
      await expect(
        db.query('insert into ratings (user_id, game_id, score) values ($1, $2, 101)', [
          userId,
          other.rows[0].id,
        ]),
      ).rejects.toThrow(/ratings_score_range/);
      await expect(
        db.query(
          `insert into users (username, username_key, email, password_hash) values ('DUP', 'dup', 'other@example.com', 'h')`,
        ),
      ).rejects.toThrow(/users_username_key_unique/);
      await db.query(`insert into game_lists (user_id, name, name_key) values ($1, 'Rpg', 'rpg')`, [userId]);
      await expect(
        db.query(`insert into game_lists (user_id, name, name_key) values ($1, 'RPG', 'rpg')`, [userId]),
      ).rejects.toThrow(/game_lists_user_name_unique/);
      await db.query(
        `insert into news_articles (slug, title, publication_date, link, medium) values ('a', 'A', now(), 'https://e.com/a', 'E')`,
      );
      await expect(
        db.query(
          `insert into news_articles (slug, title, publication_date, link, medium) values ('b', 'B', now(), 'https://e.com/a', 'E')`,
        ),
      ).rejects.toThrow(/news_articles_link_unique/);
      await db.query('delete from users where id = $1', [userId]);
      const left = await db.query('select count(*)::int as n from ratings where user_id = $1', [userId]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      await db.query(`delete from games where igdb_id in (987654321, 987654322)`);
      await db.query(`delete from news_articles where link = 'https://e.com/a'`);
      await db.end();
    }
  });
});
