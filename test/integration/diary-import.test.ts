import 'reflect-metadata';
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { fromRoot } from '@veredicto/config';
import type { DiaryImport, ImportRow } from '@veredicto/contract';
import { migrateDatabase, normalizeSearchText, openDatabase } from '@veredicto/db';
import { strFromU8, unzipSync } from 'fflate';
import { call, freshIp, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv, withDatabase } from '../support/test-env.js';

const backend = ONE_BACKEND;

/** A day `daysAgo` before the run's date, as yyyy-MM-dd. */
const dayBefore = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Import, export and the round trip between them, through the API and a worker process (docs/CONTRACT.md §12). */
describe('diary import and export', () => {
  let api: TestApi;
  let workers: RunningProcess;
  let db: pg.Pool;

  // A database of its own: what the import matches depends on which games exist, and the run's shared
  // database holds the demo catalogue (with its own 'Dark Souls III' or 'Minecraft') once a file loaded it.
  const database = `${testEnv().queuePrefix}_diary_import`.toLowerCase();
  const admin = () => new pg.Client({ connectionString: withDatabase(testEnv().serverUrl, 'postgres') });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${database}"`);
    await client.query(`create database "${database}"`);
    await client.end();
    const databaseUrl = withDatabase(testEnv().serverUrl, database);
    const orm = await openDatabase({ databaseUrl, poolSize: 2 });
    await migrateDatabase(orm, databaseUrl);
    await orm.close(true);
    api = await startTestApi(backend, {
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: `${testEnv().queuePrefix}_import_${backend}`,
    });
    workers = await startProcess('workers', { ...api.env, WORKER_QUEUES: 'events' });
    db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // The database is dropped with force at the end: an idle connection the drop terminates is reported on
    // the pool, and an 'error' nobody listens to fails the file (seen once in CI).
    db.on('error', () => undefined);
  }, 120_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.end();
  }, 30_000);

  /** A catalogue game findable by the search as the import finds titles (its normalised search name). */
  const catalogueGame = async (title: string) => {
    const game = await createGame(db, { title, releaseDate: dayBefore(400) });
    await db.query('update games set search_name = $2 where id = $1', [game.id, normalizeSearchText(title)]);
    return game;
  };

  const upload = async (token: string, file: Buffer, fileName: string, source?: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    if (source) form.append('source', source);
    const response = await fetch(`${api.baseUrl}/api/user/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': freshIp() },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as DiaryImport & { message: string } };
  };

  /** Uploads and waits for the matching job, reading the import as the screen does. */
  const matched = async (token: string, file: Buffer, fileName: string, source?: string) => {
    const started = await upload(token, file, fileName, source);
    expect(started.status).toBe(202);
    return waitFor(
      async () => {
        const answer = (
          await call(api, 'GET', `/api/user/import/${started.json().id}`, { token })
        ).json() as DiaryImport;
        return answer.state === 'ready' ? answer : undefined;
      },
      { what: 'the import to be matched', timeoutMs: 30_000 },
    );
  };

  const confirm = async (
    token: string,
    id: number,
    choices?: { line: number; igdbID: number | null }[],
    ratingScale?: number,
  ) =>
    call(api, 'POST', `/api/user/import/${id}/confirm`, {
      token,
      body: { ...(choices ? { choices } : {}), ...(ratingScale ? { ratingScale } : {}) },
    });

  const ownScore = async (username: string, igdbId: number) =>
    (
      await db.query<{ score: number }>(
        `select r.score from ratings r join games g on g.id = r.game_id join users u on u.id = r.user_id
         where u.username = $1 and g.igdb_id = $2`,
        [username, igdbId],
      )
    ).rows[0]?.score;

  const exported = async (token: string) => {
    const response = await fetch(`${api.baseUrl}/api/user/export`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    return {
      csv: strFromU8(files['juegos.csv']),
      sessions: strFromU8(files['sesiones.csv']),
      json: JSON.parse(strFromU8(files['veredicto.json'])) as Record<string, unknown>,
    };
  };

  const fixture = (name: string) => readFileSync(fromRoot(`test/fixtures/diary/${name}`));
  const titlesOf = (rows: ImportRow[]) => rows.map((row) => row.title).sort();

  it("imports Grouvee's export: sure matches, a title the user picks among two, never overwriting", async () => {
    const darksiders = await catalogueGame('Darksiders III');
    const inscryption = await catalogueGame('Inscryption');
    const astral = await catalogueGame('Astral Chain');
    const pokemon = await catalogueGame("Pokémon: Let's Go, Pikachu!/Eevee!");
    await catalogueGame('Dreamscaper');
    const dreamscaperRemake = await catalogueGame('Dreamscaper');
    const player = await userWithToken(api, db);
    const { token } = player;
    await call(api, 'PUT', `/api/user/games/${astral.igdbId}/status`, { token, body: { status: 'playing' } });

    const answer = await matched(token, fixture('grouvee-export.csv'), 'praGmatic_grouvee_export.csv');
    expect(answer.source).toBe('grouvee');
    expect(titlesOf(answer.matched)).toEqual([
      'Astral Chain',
      'Darksiders III',
      'Inscryption',
      "Pokémon: Let's Go, Pikachu!/Eevee!",
    ]);
    expect(answer.matched.find((row) => row.title === 'Darksiders III')?.candidates[0].igdbID).toBe(
      darksiders.igdbId,
    );
    expect(answer.ambiguous.map((row) => [row.title, row.candidates.length])).toEqual([['Dreamscaper', 2]]);
    expect(answer.unmatched).toEqual([]);

    const line = answer.ambiguous[0].line;
    const done = await confirm(token, answer.id, [{ line, igdbID: dreamscaperRemake.igdbId }]);
    expect(done.status).toBe(200);
    expect((done.json() as DiaryImport).result).toEqual({ statuses: 4, ratings: 2 });

    // Additive: the status the user had set stays; the new ones are Grouvee's shelves.
    const status = async (igdbId: number) =>
      ((await call(api, 'GET', `/api/user/games/${igdbId}/status`, { token })).json() as { status: string })
        .status;
    expect(await status(astral.igdbId)).toBe('playing');
    expect(await status(darksiders.igdbId)).toBe('completed');
    expect(await status(inscryption.igdbId)).toBe('want');
    expect(await status(pokemon.igdbId)).toBe('completed');
    expect(await status(dreamscaperRemake.igdbId)).toBe('want');
    const scores = await db.query(
      'select g.title, r.score from ratings r join games g on g.id = r.game_id where r.user_id = $1 order by g.title',
      [player.id],
    );
    expect(scores.rows).toEqual([
      { title: 'Astral Chain', score: 80 },
      { title: 'Darksiders III', score: 20 },
    ]);
    expect((await confirm(token, answer.id)).status).toBe(409);
  });

  it("imports Backloggd's star ratings, keeping a score the user already gave", async () => {
    const celeste = await catalogueGame('Celeste');
    const minecraft = await catalogueGame('Minecraft');
    const player = await userWithToken(api, db);
    await db.query('insert into ratings (user_id, game_id, score) values ($1, $2, 95)', [
      player.id,
      celeste.id,
    ]);

    const answer = await matched(player.token, fixture('backloggd-export.csv'), 'exampleuser_games.csv');
    expect(answer.source).toBe('backloggd');
    expect(titlesOf(answer.matched)).toEqual(['Celeste', 'Minecraft']);
    // 'Minecraft Dungeons' is not 'Minecraft': offered, not taken.
    expect(answer.ambiguous.map((row) => [row.title, row.candidates.map((game) => game.title)])).toEqual([
      ['Minecraft Dungeons', ['Minecraft']],
    ]);
    expect(answer.unmatched.map((row) => row.title)).toContain('Tribes: Ascend');

    expect(((await confirm(player.token, answer.id)).json() as DiaryImport).result).toEqual({
      statuses: 0,
      ratings: 1,
    });
    const scores = await db.query('select game_id, score from ratings where user_id = $1 order by score', [
      player.id,
    ]);
    expect(scores.rows).toEqual([
      { game_id: minecraft.id, score: 90 },
      { game_id: celeste.id, score: 95 },
    ]);
  });

  it('imports a sheet saved in Spanish (semicolons, decimal commas, dd/MM/yyyy) and reports what it could not match', async () => {
    const [outerWilds, disco, cuphead] = [
      await catalogueGame('Outer Wilds'),
      await catalogueGame('Disco Elysium'),
      await catalogueGame('Cuphead'),
    ];
    const { token } = await userWithToken(api, db);
    const answer = await matched(token, fixture('hoja-de-calculo-es.csv'), 'mis juegos.csv');
    expect(answer.source).toBe('csv');
    expect(titlesOf(answer.matched)).toEqual(['Cuphead', 'Disco Elysium', 'Outer Wilds']);
    expect(answer.unmatched.map((row) => row.title)).toEqual(['Un juego que no está en ningún catálogo']);
    expect(((await confirm(token, answer.id)).json() as DiaryImport).result).toEqual({
      statuses: 3,
      ratings: 1,
    });
    const status = async (game: { igdbId: number }) =>
      (await call(api, 'GET', `/api/user/games/${game.igdbId}/status`, { token })).json();
    expect(await status(outerWilds)).toMatchObject({
      status: 'completed',
      platform: 'PC',
      hours: 22.5,
      startedAt: '2024-01-02',
      finishedAt: '2024-01-28',
    });
    expect(await status(disco)).toMatchObject({ status: 'shelved', hours: 8, startedAt: '2024-03-15' });
    expect(await status(cuphead)).toMatchObject({ status: 'want', platform: 'Nintendo Switch' });
  });

  it("imports Excel's Spanish CSV (Windows-1252, ';', 0-10 with decimal commas) after a preview of each score", async () => {
    const games = [
      await catalogueGame('The Witcher 3: Wild Hunt'),
      await catalogueGame('Pokémon Espada'),
      await catalogueGame('Ni no Kuni: La ira de la Bruja Blanca'),
    ];
    // As Excel saves "CSV (delimitado por comas)" in Spanish: Windows-1252 bytes, CRLF, no BOM.
    const file = iconv.encode(
      'Título;Plataforma;Nota\r\n' +
        'The Witcher 3: Wild Hunt;PC;8,5\r\n' +
        'Pokémon Espada;Switch;7\r\n' +
        'Ni no Kuni: La ira de la Bruja Blanca;PS3;9,5\r\n',
      'windows-1252',
    );
    const { token, username } = await userWithToken(api, db);
    const answer = await matched(token, file, 'notas.csv');
    expect(answer.ratingScale.detected).toBe(10);
    expect(
      answer.matched.map((row) => [row.title, row.ratingText, row.ratingMapping, row.rating]).sort(),
    ).toEqual([
      ['Ni no Kuni: La ira de la Bruja Blanca', '9,5', '9,5/10 → 95', 95],
      ['Pokémon Espada', '7', '7/10 → 70', 70],
      ['The Witcher 3: Wild Hunt', '8,5', '8,5/10 → 85', 85],
    ]);
    // Nothing is written before the user confirms.
    expect(await ownScore(username, games[0].igdbId)).toBeUndefined();
    expect(((await confirm(token, answer.id)).json() as DiaryImport).result).toEqual({
      statuses: 0,
      ratings: 3,
    });
    expect([
      await ownScore(username, games[0].igdbId),
      await ownScore(username, games[1].igdbId),
      await ownScore(username, games[2].igdbId),
    ]).toEqual([85, 70, 95]);
  });

  it('asks for the scale of a column that could be 0-5, 0-10 or 0-100 (UTF-16 "Texto Unicode" file)', async () => {
    const game = await catalogueGame('Hollow Knight');
    const text = 'Título\tNota\r\nHollow Knight\t4,5\r\n';
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    const { token, username } = await userWithToken(api, db);
    const answer = await matched(token, file, 'notas.txt');
    expect(answer.ratingScale).toEqual({ detected: null, options: [5, 10, 100] });
    expect(answer.matched[0]).toMatchObject({ title: 'Hollow Knight', ratingText: '4,5', rating: null });
    const refused = await confirm(token, answer.id);
    expect(refused.status).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(/indica en qué escala/);
    expect(await ownScore(username, game.igdbId)).toBeUndefined();
    expect((await confirm(token, answer.id, undefined, 5)).status).toBe(200);
    expect(await ownScore(username, game.igdbId)).toBe(90);
  });

  it("imports Steam's GetOwnedGames with the hours played", async () => {
    const halfLife = await catalogueGame('Half-Life');
    const lostCoast = await catalogueGame('Half-Life 2: Lost Coast');
    const { token } = await userWithToken(api, db);
    const answer = await matched(token, fixture('steam-owned-games.json'), 'owned.json');
    expect(answer.source).toBe('steam');
    expect(titlesOf(answer.matched)).toEqual(['Half-Life', 'Half-Life 2: Lost Coast']);
    expect(((await confirm(token, answer.id)).json() as DiaryImport).result).toEqual({
      statuses: 2,
      ratings: 0,
    });
    expect(
      (await call(api, 'GET', `/api/user/games/${halfLife.igdbId}/status`, { token })).json(),
    ).toMatchObject({
      status: 'playing',
      platform: 'PC',
      hours: 10.27,
    });
    expect(
      (await call(api, 'GET', `/api/user/games/${lostCoast.igdbId}/status`, { token })).json(),
    ).toMatchObject({
      status: 'want',
      hours: 0,
    });
  });

  it('exports a ZIP whose CSV re-imports into another account with no differences', async () => {
    const games = await Promise.all(
      ['Hollow Knight: Silksong', 'Tunic, la edición', 'Ōkami HD'].map((title) => catalogueGame(title)),
    );
    const owner = await userWithToken(api, db);
    const token = owner.token;
    await call(api, 'PUT', `/api/user/games/${games[0].igdbId}/status`, {
      token,
      body: {
        status: 'completed',
        platform: 'Nintendo Switch',
        startedAt: dayBefore(30),
        finishedAt: dayBefore(2),
        hours: 41.75,
      },
    });
    await call(api, 'PUT', `/api/user/games/${games[1].igdbId}/status`, {
      token,
      body: { status: 'shelved' },
    });
    await call(api, 'POST', `/api/user/games/${games[1].igdbId}/sessions`, {
      token,
      body: { date: dayBefore(5), minutes: 95, note: 'Primera "noche", con comas' },
    });
    await db.query('insert into ratings (user_id, game_id, score) values ($1, $2, 88), ($1, $3, 61)', [
      owner.id,
      games[0].id,
      games[2].id,
    ]);

    const first = await exported(token);
    expect(first.csv).toMatch(
      /^\uFEFF?Título,ID IGDB,Plataforma,Estado,Nota,Horas,Fecha de inicio,Fecha de fin\r?\n/,
    );
    expect(first.json).toMatchObject({
      profile: { username: owner.username, privacy: 'public' },
      sessions: [
        { igdbID: games[1].igdbId, minutes: 95, note: 'Primera "noche", con comas', date: dayBefore(5) },
      ],
    });
    expect(first.sessions).toContain('Primera ""noche"", con comas');

    const other = await userWithToken(api, db);
    const answer = await matched(other.token, Buffer.from(first.csv, 'utf8'), 'juegos.csv');
    expect(answer.source).toBe('csv');
    expect(answer.matched).toHaveLength(3);
    expect(((await confirm(other.token, answer.id)).json() as DiaryImport).result).toEqual({
      statuses: 2,
      ratings: 2,
    });
    const second = await exported(other.token);
    expect(second.csv).toBe(first.csv);
    expect(second.json.games).toEqual(first.json.games);
  });

  it('refuses bad files and other users’ imports with Spanish errors, and account deletion removes imports', async () => {
    const player = await userWithToken(api, db);
    const empty = await upload(player.token, Buffer.from(''), 'vacio.csv');
    expect(empty.status).toBe(400);
    const noTitle = await upload(player.token, Buffer.from('a,b\n1,2\n'), 'hoja.csv');
    expect(noTitle.status).toBe(400);
    expect(noTitle.json().message).toMatch(/no tiene columna de título/);
    expect((await upload(player.token, Buffer.from('title\nHades\n'), 'x.csv', 'myspace')).status).toBe(400);

    const answer = await matched(
      player.token,
      Buffer.from('titulo,estado\nNo existe en ningún catálogo,jugando\n'),
      'mio.csv',
    );
    expect(answer.unmatched.map((row) => row.title)).toEqual(['No existe en ningún catálogo']);
    const stranger = await userWithToken(api, db);
    expect((await call(api, 'GET', `/api/user/import/${answer.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await confirm(stranger.token, answer.id)).status).toBe(404);
    expect((await confirm(player.token, answer.id, [{ line: 1, igdbID: 2_100_000_000 }])).status).toBe(400);

    expect((await call(api, 'DELETE', '/api/user/delete-account', { token: player.token })).status).toBe(200);
    const { rows } = await db.query('select count(*)::int as imports from diary_imports where user_id = $1', [
      player.id,
    ]);
    expect(rows[0]).toEqual({ imports: 0 });
  });
});
