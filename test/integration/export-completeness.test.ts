import 'reflect-metadata';
import { strFromU8, unzipSync } from 'fflate';
import type pg from 'pg';
import { EXPORTED_TABLES, NOT_PERSONAL_DATA } from '../../api/src/diary/export/export-coverage.js';
import { freshIp, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame, createUser } from '../support/factories.js';

/** Columns that name a user without a foreign key still count as a reference. */
const USER_COLUMNS = ['follower_id', 'followed_id', 'reader_id', 'author_id', 'reporter_id'];

/**
 * Every table of the public schema that references users: by a foreign key to `users`, or by a column named
 * like a user's id. Run on `db`, so a table made in an open transaction is seen.
 */
async function tablesReferencingUsers(db: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows } = await db.query<{ table: string }>(
    `select c.relname as table from pg_constraint k
       join pg_class c on c.oid = k.conrelid
      where k.contype = 'f' and k.confrelid = 'public.users'::regclass
        and c.relnamespace = 'public'::regnamespace
     union
     select k.table_name from information_schema.columns k
       join information_schema.tables t on t.table_schema = k.table_schema and t.table_name = k.table_name
      where k.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (k.column_name like '%user\\_id' or k.column_name = any($1))
     order by 1`,
    [USER_COLUMNS],
  );
  return rows.map((row) => row.table);
}

/** The tables the walk finds that are neither exported nor listed as not personal data. */
const unaccounted = (tables: string[]) =>
  tables.filter((table) => !(table in EXPORTED_TABLES) && !(table in NOT_PERSONAL_DATA));

describe('export: every table that references a user is exported or listed as not personal data', () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool()), 90_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  it('walks the schema and finds no table in neither list, and no stale name in them', async () => {
    const tables = await tablesReferencingUsers(db);
    expect(tables).toEqual(expect.arrayContaining(['ratings', 'alert_settings', 'feed_entries']));
    expect(unaccounted(tables)).toEqual([]);
    const { rows } = await db.query<{ table: string }>(
      `select table_name as table from information_schema.tables where table_schema = 'public'`,
    );
    const existing = new Set(rows.map((row) => row.table));
    const listed = [...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_PERSONAL_DATA)];
    expect(listed.filter((table) => !existing.has(table))).toEqual([]);
  });

  it('reports a new table that references users until it is listed', async () => {
    const client = await db.connect();
    try {
      await client.query('begin');
      // Held for milliseconds: the foreign key locks `users` against other files' writes until the rollback.
      await client.query(
        `create table export_scratch_notes (id serial primary key, user_id int not null references users (id))`,
      );
      await client.query(`create table export_scratch_plain (id serial primary key, reader_id int not null)`);
      expect(unaccounted(await tablesReferencingUsers(client))).toEqual([
        'export_scratch_notes',
        'export_scratch_plain',
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect(unaccounted(await tablesReferencingUsers(db))).toEqual([]);
  });

  it("holds a row of the user's from every exported table", async () => {
    const user = await userWithToken(api, db);
    const author = await createUser(db);
    const game = await createGame(db);
    const mark = `m${Date.now().toString(36)}`;
    const theirReview = Number(
      (
        await db.query(
          `insert into user_reviews (user_id, game_id, content) values ($1, $2, $3) returning id`,
          [author.id, game.id, `Reseña de otro ${mark}`],
        )
      ).rows[0].id,
    );
    const alert = Number(
      (
        await db.query(
          `insert into alerts (key, kind, game_igdb_id, text, platforms) values ($1, 'date', $2, $3, '{}')
           returning id`,
          [`export-${mark}`, game.igdbId, `Aviso ${mark}`],
        )
      ).rows[0].id,
    );
    // One row per exported table, and what of it the export must show, in the table's section.
    const seeds: Record<keyof typeof EXPORTED_TABLES, [string, unknown[], string]> = {
      ratings: [
        `insert into ratings (user_id, game_id, score) values ($1, $2, 73)`,
        [user.id, game.id],
        '"rating":73',
      ],
      game_statuses: [
        `insert into game_statuses (user_id, game_id, status, platform) values ($1, $2, 'playing', $3)`,
        [user.id, game.id, `Consola ${mark}`],
        `Consola ${mark}`,
      ],
      play_sessions: [
        `insert into play_sessions (user_id, game_id, played_on, minutes, note) values ($1, $2, current_date, 45, $3)`,
        [user.id, game.id, `Sesión ${mark}`],
        `Sesión ${mark}`,
      ],
      user_reviews: [
        `insert into user_reviews (user_id, game_id, content) values ($1, $2, $3)`,
        [user.id, game.id, `Mi reseña ${mark}`],
        `Mi reseña ${mark}`,
      ],
      game_lists: [
        `insert into game_lists (user_id, name, name_key) values ($1, $2::text, lower($2::text))`,
        [user.id, `Lista ${mark}`],
        `Lista ${mark}`,
      ],
      user_follows: [
        `insert into user_follows (follower_id, followed_id, approved_at) values ($1, $2, now())`,
        [user.id, author.id],
        author.username,
      ],
      alert_settings: [
        `insert into alert_settings (user_id, email, platforms) values ($1, 'digest', $2)`,
        [user.id, [`plataforma-${mark}`]],
        `plataforma-${mark}`,
      ],
      price_alerts: [
        `insert into price_alerts (user_id, game_igdb_id, price_below) values ($1, $2, 1234)`,
        [user.id, game.igdbId],
        '"priceBelowCents":1234',
      ],
      notifications: [
        `insert into notifications (user_id, alert_id) values ($1, $2)`,
        [user.id, alert],
        `Aviso ${mark}`,
      ],
      review_votes: [
        `insert into review_votes (review_id, user_id, helpful) values ($1, $2, true)`,
        [theirReview, user.id],
        author.username,
      ],
      review_reports: [
        `insert into review_reports (review_id, reporter_id, reason, note) values ($1, $2, 'spam', $3)`,
        [theirReview, user.id, `Denuncia ${mark}`],
        `Denuncia ${mark}`,
      ],
      language_reports: [
        `insert into language_reports (game_id, reporter_id, platform, locale, text, note)
         values ($1, $2, 'PC', 'es-ES', true, $3)`,
        [game.id, user.id, `Idiomas ${mark}`],
        `Idiomas ${mark}`,
      ],
      diary_imports: [
        `insert into diary_imports (user_id, format, state, rows) values ($1, 'csv', 'ready', $2)`,
        [user.id, JSON.stringify([{ line: 1, title: `Importado ${mark}` }])],
        `Importado ${mark}`,
      ],
    };
    for (const [statement, values] of Object.values(seeds)) await db.query(statement, values);

    const response = await fetch(`${api.baseUrl}/api/user/export`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const json = JSON.parse(strFromU8(files['veredicto.json'])) as Record<string, unknown>;
    const missing = Object.entries(seeds)
      .filter(([table, [, , shown]]) => {
        const section = json[EXPORTED_TABLES[table as keyof typeof EXPORTED_TABLES]];
        return !JSON.stringify(section ?? null).includes(shown);
      })
      .map(([table]) => table);
    expect(missing).toEqual([]);
    // The links' secrets of the alert settings stay out: they are credentials, not data the user gave.
    expect(json.alertSettings).toEqual({ email: 'digest', muted: [], platforms: [`plataforma-${mark}`] });
  });
});
