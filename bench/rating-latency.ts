/**
 * Rating latency under load (issue #45): critics rating a few games at a steady rate through
 * POST /api/user/rating, every answer's time, and how long until the shown player counts equal the stored
 * ratings; also how long until each new score shows in the catalogue sorted by player average.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:ratings
 *
 * Without BASE_URL it starts the site itself, as a user does: `npm start` with its defaults (logging at
 * info through the supervisor's pipe, one API process per core, the workers), once per queue backend of
 * BACKENDS ('redis,postgres': Redis at REDIS_URL, then BullMQ's PostgreSQL backend), each on a database of
 * its own created on DATABASE_URL's server (and dropped after), a fresh data folder and free ports. Tokens
 * are signed with the JWT secret `npm start` generated in that data folder. With BASE_URL it starts
 * nothing and measures the running site on DATABASE_URL (JWT_SECRET signs the tokens when set; otherwise
 * each user logs in from its own X-Forwarded-For address: start the API with TRUSTED_PROXIES=loopback).
 *
 * It creates its users (confirmed) and GAMES fresh games (released a month ago: players may rate them), sends RATE ratings per second for DURATION
 * seconds, each a new (user, game) pair scoring 100 (the critics in turn, each rating every USERS / RATE
 * seconds), then polls GET /api/games/{id} until every game's
 * playerStats.count equals its stored ratings (at most 10 s: past that the run fails).
 *
 * Settings: USERS (200), GAMES (5), RATE (50 per second), DURATION (20 seconds), BACKENDS, POLL_EVERY_MS (100:
 * the catalogue read every 100 ms to see each score; 0 reads it back to back).
 *
 * SWEEP_EVERY_MS (off by default): while the ratings are sent, every this many ms the bench terminates every
 * connection of the site's database but its own (pg_terminate_backend: the API's pools, the workers', the
 * queue backend's LISTEN and job connections), as a failover or a pooler's sweep does. Its figures go to
 * their own section; a 503 there is an answer that a retry on a fresh connection could have saved.
 *
 * PROFILE_DIR (off by default): V8's CPU profiler on in every process of the site (a .cpuprofile each, for
 * finding where a rating's time goes). A profiled run is slower: do not report its figures.
 *
 * BENCH_OUTPUT (off by default): a file that receives everything the started site prints (its JSON log
 * lines: each slow or failed request with its time, each 503 with the stack of the step that lost its
 * connection).
 */
import argon2 from 'argon2';
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fromRoot } from '@veredicto/config';
import { freshStartEnv, untilDatabaseAtRest } from './bench-processes.js';
import { writeSection } from './performance-report.js';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const DATABASE_URL = env('DATABASE_URL');
const USERS = Number(env('USERS', '200'));
const GAMES = Number(env('GAMES', '5'));
const BACKENDS = env('BACKENDS', 'redis,postgres').split(',') as ('redis' | 'postgres')[];
/** The shown player counts must equal the stored ratings this long after the last answer. */
const CONVERGENCE_LIMIT_MS = 10_000;
const RATE = Number(env('RATE', '50'));
const SWEEP_EVERY_MS = Number(env('SWEEP_EVERY_MS', '0'));
/**
 * How often the observer reads the catalogue to see each new score (the visibility's resolution). Back to back
 * (0), one client asking for the same page hundreds of times a second was most of the API's load.
 */
const POLL_EVERY_MS = Number(env('POLL_EVERY_MS', '100'));
const DURATION = Number(env('DURATION', '20'));
const PASSWORD = 'bench-password-123';
const runId = `b${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

interface BenchGame {
  id: number;
  igdbId: number;
}

interface Pending {
  game: BenchGame;
  sequence: number;
  sentAt: number;
}

function signToken(userId: number, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), ver: 0, sid: randomUUID(), iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

async function login(base: string, username: string, index: number): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`login of ${username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Fills `users` and `games` as it goes, so the caller deletes whatever was created even after a failure. */
async function setUp(
  site: Site,
  db: pg.Client,
  users: { id: number; token: string }[],
  games: BenchGame[],
): Promise<void> {
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  for (let index = 0; index < USERS; index++) {
    const username = `${runId}_${index}`;
    const { rows } = await db.query(
      `insert into users (username, username_key, email, password_hash, confirmed_at)
       values ($1::text, lower($1::text), $2, $3, now()) returning id`,
      [username, `${username}@bench.invalid`, passwordHash],
    );
    const id = Number(rows[0].id);
    users.push({ id, token: '' });
    users[index].token = site.jwtSecret
      ? signToken(id, site.jwtSecret)
      : await login(site.base, username, index);
  }
  for (let index = 0; index < GAMES; index++) {
    const title = `Bench ${runId} ${index}`;
    const { rows } = await db.query(
      `insert into games (igdb_id, slug, title, search_name, platforms, release_date)
       values ((select greatest(coalesce(max(igdb_id), 0), 2000000000) + 1 from games), $1, $2::text, lower($2::text), '{PC}', current_date - 30)
       returning id, igdb_id`,
      [title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title],
    );
    games.push({ id: Number(rows[0].id), igdbId: Number(rows[0].igdb_id) });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** A running site: its base URL, its database and how its tokens are signed. */
interface Site {
  base: string;
  databaseUrl: string;
  backend: string;
  jwtSecret?: string;
}

/** `npm start` with its defaults on a database of its own; stopped (Ctrl-C) and the database dropped after. */
async function withStartedSite(backend: 'redis' | 'postgres', bench: (site: Site) => Promise<void>) {
  const database = `veredicto_bench_ratings_${runId}_${backend}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const databaseUrl = Object.assign(new URL(DATABASE_URL), { pathname: `/${database}` }).toString();
  const {
    env: startEnv,
    dataDir,
    port,
  } = await freshStartEnv('veredicto-bench-ratings-', ['REDIS_URL', 'API_PROCESSES']);
  startEnv.DATABASE_URL = databaseUrl;
  // Its own prefix on the shared Redis: other runs' workers must not take its jobs.
  if (backend === 'redis')
    Object.assign(startEnv, {
      REDIS_URL: env('REDIS_URL', 'redis://127.0.0.1:6379'),
      QUEUE_PREFIX: `bench_ratings_${runId}`,
    });
  // PROFILE_DIR: the same start with V8's CPU profiler on in the supervisor and, through fork's execArgv, in
  // every API and worker process; each writes its .cpuprofile there when it stops.
  const profile = process.env.PROFILE_DIR;
  const child = spawn(
    profile ? fromRoot('node_modules/.bin/node') : 'npm',
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, 'scripts/start.mjs'] : ['start'],
    {
      cwd: fromRoot('.'),
      env: startEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  // A terminal reads every line: so does the bench (kept short for an error's report).
  // The supervisor says when every API process has joined (after the first start's demo catalogue).
  let allApis = false;
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (process.env.BENCH_OUTPUT) appendFileSync(process.env.BENCH_OUTPUT, chunk);
      if (output.includes('API processes ready:')) allApis = true;
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const started = Date.now(); ;) {
      if (child.exitCode !== null || Date.now() - started > 300_000)
        throw new Error(`npm start did not become ready:\n${output.slice(-3000)}`);
      const ready = await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A first start answers from its first API process before it has finished the demo catalogue (similar
    // lists, languages, outlet figures: a minute of database work); the other API processes join after it and
    // each builds its read model then. The ratings are measured on a site whose processes have all started,
    // as a site in use is: the first minute is not what this bench measures.
    const settled = Date.now();
    while (!allApis) {
      if (child.exitCode !== null || Date.now() - settled > 600_000)
        throw new Error(`the API processes did not all start:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    process.stdout.write(
      `every API process started ${((Date.now() - settled) / 1000).toFixed(0)} s after ready\n`,
    );
    // The first start also queues its catalogue's background work (every demo game's similar list, a
    // scan of the catalogue each, and the orderings): the workers drain it in a minute or two. Measured on a
    // site at rest, as the issue's 'otherwise idle' machine: no statement of the site's database running
    // for 3 s in a row.
    const drained = Date.now();
    await untilDatabaseAtRest(databaseUrl, { stillRunning: () => child.exitCode === null });
    process.stdout.write(
      `the site's database at rest ${((Date.now() - drained) / 1000).toFixed(0)} s later\n`,
    );
    const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      jwtSecret: string;
    };
    await bench({ base, databaseUrl, backend, jwtSecret });
  } finally {
    child.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (process.env.BASE_URL) {
    const site = {
      base: process.env.BASE_URL.replace(/\/+$/, ''),
      databaseUrl: DATABASE_URL,
      backend: process.env.QUEUE_BACKEND ?? 'the running configuration',
      jwtSecret: process.env.JWT_SECRET,
    };
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const users: { id: number; token: string }[] = [];
    const games: BenchGame[] = [];
    try {
      await run(site, db, users, games);
    } finally {
      await db.query('delete from games where id = any($1::int[])', [games.map((game) => game.id)]);
      await db.query('delete from users where id = any($1::int[])', [users.map((user) => user.id)]);
      await db.end();
    }
    return;
  }
  for (const backend of BACKENDS)
    await withStartedSite(backend, async (site) => {
      const db = new pg.Client({ connectionString: site.databaseUrl });
      await db.connect();
      try {
        await run(site, db, [], []);
      } finally {
        await db.end();
      }
    });
  if (process.exitCode) process.stdout.write('at least one run failed its checks\n');
}

/** Polls every game's page until its shown player count equals its stored ratings; answers the time, or null. */
async function untilCountsShown(site: Site, db: pg.Client, games: BenchGame[]): Promise<number | null> {
  const started = performance.now();
  const { rows } = await db.query<{ game_id: number; total: number }>(
    'select game_id, count(*)::int as total from ratings where game_id = any($1::int[]) group by game_id',
    [games.map((game) => game.id)],
  );
  const stored = new Map(rows.map((row) => [Number(row.game_id), row.total]));
  while (performance.now() - started < CONVERGENCE_LIMIT_MS) {
    const shown = await Promise.all(
      games.map(async (game) => {
        const response = await fetch(`${site.base}/api/games/${game.igdbId}`, {
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        }).catch(() => null);
        if (!response?.ok) return -1;
        return ((await response.json()) as { playerStats?: { count?: number } }).playerStats?.count ?? -1;
      }),
    );
    if (games.every((game, index) => shown[index] === (stored.get(game.id) ?? 0)))
      return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

async function run(
  site: Site,
  db: pg.Client,
  users: { id: number; token: string }[],
  games: BenchGame[],
): Promise<void> {
  await setUp(site, db, users, games);
  process.stdout.write(
    `${users.length} users and ${games.length} games ready; ${RATE}/s for ${DURATION} s\n`,
  );

  const pending: Pending[] = [];
  const latencies: number[] = [];
  const postLatencies: number[] = [];
  const sentPerGame = new Map<number, number>();
  let failures = 0;
  const statuses = new Map<number, number>();
  let sending = true;
  let polls = 0;

  // One poller, reading the catalogue every POLL_EVERY_MS, resolves every rating it can see.
  const poller = (async () => {
    while (sending || pending.length) {
      if (POLL_EVERY_MS) await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      const response = await fetch(`${site.base}/api/games/all?page=0&size=100&sortBy=avUserRatings`, {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      }).catch(() => null);
      polls++;
      if (!response?.ok) continue;
      const seenAt = performance.now();
      const page = (await response.json()) as { content: { id: number; userRatingCount: number }[] };
      const counts = new Map(page.content.map((game) => [game.id, game.userRatingCount]));
      for (let index = pending.length - 1; index >= 0; index--) {
        const item = pending[index];
        if ((counts.get(item.game.id) ?? 0) >= item.sequence) {
          latencies.push(seenAt - item.sentAt);
          pending.splice(index, 1);
        }
      }
      if (
        !sending &&
        pending.length &&
        performance.now() - Math.min(...pending.map((item) => item.sentAt)) > 30_000
      ) {
        process.stdout.write(`${pending.length} ratings never became visible within 30 s\n`);
        break;
      }
    }
  })();

  // The sweeps: every application connection of the database cut while the ratings are sent.
  let sweeps = 0;
  let terminated = 0;
  const sweeper = SWEEP_EVERY_MS
    ? setInterval(() => {
        void db
          .query<{ cut: number }>(
            `select count(*) filter (where pg_terminate_backend(pid))::int as cut from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          )
          .then(({ rows }) => {
            sweeps++;
            terminated += rows[0].cut;
          })
          .catch(() => undefined);
      }, SWEEP_EVERY_MS)
    : undefined;
  const total = RATE * DURATION;
  const start = performance.now();
  const requests: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Each rating is a new (user, game) pair, so a game's rating count grows by one per rating. The critics
    // take turns (one rating each every USERS / RATE seconds, as people rate) and the games rotate with each
    // rating: a critic's next rating goes to the next game, never to one game twice.
    const user = users[index % users.length];
    const game = games[((index % users.length) + Math.floor(index / users.length)) % games.length];
    const sequence = (sentPerGame.get(game.id) ?? 0) + 1;
    sentPerGame.set(game.id, sequence);
    const sentAt = performance.now();
    requests.push(
      fetch(`${site.base}/api/user/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ gameId: game.igdbId, score: 100 }),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          postLatencies.push(performance.now() - sentAt);
          pending.push({ game, sequence, sentAt });
        })
        .catch((error: unknown) => {
          if (failures++ === 0)
            process.stdout.write(`first failure: ${error instanceof Error ? error.message : error}\n`);
        }),
    );
  }
  await Promise.all(requests);
  clearInterval(sweeper);
  const elapsed = (performance.now() - start) / 1000;
  const converged = await untilCountsShown(site, db, games);
  sending = false;
  await poller;
  const passed =
    failures === 0 &&
    converged !== null &&
    percentile(
      [...postLatencies].sort((a, b) => a - b),
      50,
    ) <= 100 &&
    percentile(
      [...postLatencies].sort((a, b) => a - b),
      99,
    ) <= 500;
  if (!passed) process.exitCode = 1;

  const sorted = [...latencies].sort((a, b) => a - b);
  const posts = [...postLatencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const answers = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
  const shown = converged === null ? `not within ${CONVERGENCE_LIMIT_MS / 1000} s` : `${ms(converged)}`;
  const swept = SWEEP_EVERY_MS
    ? ` Every ${SWEEP_EVERY_MS} ms every connection of the database but the bench's was terminated: ${sweeps} sweeps, ${terminated} connections cut.`
    : '';
  writeSection(
    `rating-latency-${SWEEP_EVERY_MS ? 'sweep-' : ''}${site.backend === 'postgres' ? 'postgresql' : site.backend.split(' ')[0].toLowerCase()}`,
    [
      `## Ratings under load (${site.backend} queues${SWEEP_EVERY_MS ? ', connections swept' : ''})`,
      '',
      `Command: \`DATABASE_URL=… ${site.backend === 'redis' ? 'REDIS_URL=… ' : ''}BACKENDS=${site.backend} USERS=${USERS} GAMES=${GAMES} RATE=${RATE} DURATION=${DURATION}${SWEEP_EVERY_MS ? ` SWEEP_EVERY_MS=${SWEEP_EVERY_MS}` : ''} npm run bench:ratings\` (it starts \`npm start\` with its defaults on a database of its own, and sends the first rating once every API process has started and the first start's background work is done: no statement of its database running for 3 s).${swept}`,
      '',
      `Run: ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (a busy shared machine's figures are provisional): ${total} ratings from ${USERS} critics on ${GAMES} games at ${(total / elapsed).toFixed(1)}/s; answers ${answers || 'none'}; targets p50 ≤ 100 ms, p99 ≤ 500 ms, counts shown within 10 s: **${passed ? 'met' : 'not met'}**.`,
      '',
      '| measure | p50 | p95 | p99 | max |',
      '|---|---|---|---|---|',
      `| POST /api/user/rating answered | ${ms(percentile(posts, 50))} | ${ms(percentile(posts, 95))} | ${ms(percentile(posts, 99))} | ${ms(posts.at(-1) ?? NaN)} |`,
      `| new score visible in /api/games/all?sortBy=avUserRatings | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? NaN)} |`,
      '',
      `Shown player counts (GET /api/games/{id}, playerStats.count) equal to the stored ratings ${shown} after the last answer. The catalogue was read ${POLL_EVERY_MS ? `every ${POLL_EVERY_MS} ms` : 'back to back'} to see each new score (${polls} reads).`,
      '',
    ].join('\n'),
  );
  process.stdout.write(
    [
      `${site.backend}: sent ${total} ratings in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(1)}/s), answers ${answers}, ${polls} catalogue polls`,
      `POST answered:        p50 ${ms(percentile(posts, 50))}  p95 ${ms(percentile(posts, 95))}  p99 ${ms(percentile(posts, 99))}  max ${ms(posts.at(-1) ?? NaN)}`,
      `visible in catalogue: p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1) ?? NaN)}  (${sorted.length} measured)`,
      `counts shown: ${shown}; ${passed ? 'targets met' : 'targets NOT met'}${swept}`,
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
