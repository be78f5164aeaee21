/**
 * Alerts at scale (issue 23): one date change of a game that 100,000 users follow, fanned out by the worker
 * process through the `alerts` queue. Measures the time from the operator's PATCH to the last notification
 * stored and to the last e-mail written (the followers whose setting is 'immediate'; the others wait for
 * their digest), and the rating path's latency (POST /api/user/rating, which answers once the averages
 * worker recalculated) with and without the fan-out running. Writes its section of docs/PERFORMANCE.md.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:alerts \
 *     [-- --followers 100000 --mail-share 0.1 --seconds 15 --connections 4 --backend postgres|redis]
 *
 * A fresh database of its own (dropped and made again each run), one API and one worker process as
 * `npm start` runs them, the queues on BullMQ's PostgreSQL backend (or on REDIS_URL with --backend redis),
 * mail to the .eml outbox of a temporary data folder.
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSection } from './performance-report.js';
import { start } from './bench-processes.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const FOLLOWERS = Number(argument('followers', '100000'));
const MAIL_SHARE = Number(argument('mail-share', '0.1'));
const SECONDS = Number(argument('seconds', '15'));
const CONNECTIONS = Number(argument('connections', '4'));
const BACKEND = argument('backend', 'postgres');
const DATABASE = 'veredicto_bench_alerts';
const PORT = 3223;
const RATERS = 200;
const RATED_GAMES = 20;
const JWT_SECRET = 'bench-alerts-secret-bench-alerts-secret-00';
const ADMIN_PASSWORD = 'bench-alerts-admin-password';

interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

function signToken(userId: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), ver: 0, sid: randomUUID(), iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * `CONNECTIONS` clients, each posting its next rating (a random rater, game and score) when the last one
 * answered, until `done()` says so; every latency is kept, so the percentiles are exact.
 */
async function rate(
  base: string,
  tokens: string[],
  games: number[],
  done: () => boolean,
): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  const client = async () => {
    while (!done()) {
      const token = tokens[Math.floor(Math.random() * tokens.length)];
      const gameId = games[Math.floor(Math.random() * games.length)];
      const started = performance.now();
      const response = await fetch(`${base}/api/user/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ gameId, score: 1 + Math.floor(Math.random() * 100) }),
      }).catch(() => null);
      const body = await response?.text();
      latencies.push(performance.now() - started);
      if (response?.status !== 200 && errors++ === 0) {
        process.stdout.write(`first failed rating: ${response?.status ?? 'no answer'} ${body ?? ''}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    errors,
  };
}

/** A database of its own, empty: the API migrates it as it starts. */
async function freshDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** The raters, the games they rate, the followed game and its followers; answers what the runs need. */
async function seed(db: pg.Client, releaseDate: string) {
  const game = async (title: string, platforms: string[], day: string) =>
    Number(
      (
        await db.query(
          `insert into games (igdb_id, slug, title, search_name, platforms, release_date, release_date_precision)
           values ((select greatest(coalesce(max(igdb_id), 0), 2000000000) + 1 from games), $1, $2::text,
                   lower($2::text), $3, $4, 'day')
           returning igdb_id`,
          [title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title, platforms, day],
        )
      ).rows[0].igdb_id,
    );
  const rated: number[] = [];
  for (let index = 0; index < RATED_GAMES; index++)
    rated.push(await game(`Valorado ${index}`, ['PC'], '2020-05-15'));
  const followed = await game('Juego muy esperado', ['PC', 'PS5'], releaseDate);
  const { rows: raters } = await db.query<{ id: number }>(
    `insert into users (username, username_key, email, password_hash, confirmed_at)
     select 'rater_' || i, 'rater_' || i, 'rater_' || i || '@bench.invalid', 'x', now()
     from generate_series(1, $1::int) i returning id`,
    [RATERS],
  );
  // One follower in 1/MAIL_SHARE wants its mails at once; the others read a weekly digest.
  const every = MAIL_SHARE > 0 ? Math.round(1 / MAIL_SHARE) : 0;
  await db.query(
    `with made as (
       insert into users (username, username_key, email, password_hash, confirmed_at)
       select 'fan_' || i, 'fan_' || i, 'fan_' || i || '@bench.invalid', 'x', now()
       from generate_series(1, $1::int) i returning id)
     , statuses as (
       insert into game_statuses (user_id, game_id, status)
       select made.id, g.id, 'want' from made, games g where g.igdb_id = $2)
     insert into alert_settings (user_id, email)
     select id, case when $3::int > 0 and id % $3::int = 0 then 'immediate' else 'weekly' end from made`,
    [FOLLOWERS, followed, every],
  );
  for (const table of ['users', 'game_statuses', 'alert_settings', 'games'])
    await db.query(`vacuum analyze ${table}`);
  const { rows } = await db.query<{ mails: string }>(
    `select count(*) as mails from alert_settings where email = 'immediate'`,
  );
  return {
    rated,
    followed,
    tokens: raters.map((rater) => signToken(Number(rater.id))),
    mails: Number(rows[0].mails),
  };
}

/** The .eml files of the outbox and the newest one's time (its name starts with the time it was written). */
function outboxState(outbox: string): { files: number; lastAt: number } {
  let files = 0;
  let lastAt = 0;
  const names = existsSync(outbox) ? readdirSync(outbox) : [];
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    files += 1;
    lastAt = Math.max(lastAt, Number(name.split('-')[0]));
  }
  return { files, lastAt };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required (any database on the server)');
  if (BACKEND === 'redis' && !process.env.REDIS_URL) throw new Error('--backend redis needs REDIS_URL');
  const databaseUrl = await freshDatabase(serverUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-bench-alerts-'));
  const outbox = join(dataDir, 'outbox');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: BACKEND === 'redis' ? process.env.REDIS_URL : '',
    QUEUE_PREFIX: `bench_alerts_${Date.now().toString(36)}`,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    ADMIN_PASSWORD,
    TRUSTED_PROXIES: 'loopback',
    // The path is measured, not the per-user limiter (30 writes a minute by default).
    USER_WRITES_PER_MINUTE: '1000000',
    PORT: String(PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
    SMTP_URL: '',
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
  };
  const processes: ChildProcess[] = [];
  try {
    processes.push(await start('dist/api/src/main.js', env));
    processes.push(await start('dist/workers/src/main.js', env));
    const base = `http://127.0.0.1:${PORT}`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const releaseDate = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const seedStarted = performance.now();
    const { rated, followed, tokens, mails } = await seed(db, releaseDate);
    process.stdout.write(
      `${FOLLOWERS} followers (${mails} by immediate mail) seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
    );
    const check = await fetch(`${base}/api/auth/check-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    if (!check.ok) throw new Error(`check-password answered ${check.status}`);
    const { token: admin } = (await check.json()) as { token: string };

    // Without the fan-out: a warm-up, then the baseline.
    const until = (ms: number) => {
      const end = performance.now() + ms;
      return () => performance.now() >= end;
    };
    await rate(base, tokens, rated, until(3000));
    const loadBefore = loadavg()[0];
    const quiet = await rate(base, tokens, rated, until(SECONDS * 1000));
    process.stdout.write(`ratings without the fan-out: ${JSON.stringify(quiet)}\n`);

    // The change, and the ratings while it fans out, until the last notification and mail are in.
    const newDate = new Date(Date.now() + 260 * 86_400_000).toISOString().slice(0, 10);
    let finished = false;
    const busy = rate(base, tokens, rated, () => finished);
    const changedAt = Date.now();
    const patched = await fetch(`${base}/api/admin/games/${followed}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ releaseDate: newDate }),
    });
    if (!patched.ok) throw new Error(`PATCH answered ${patched.status}: ${await patched.text()}`);
    let notified = { count: 0, lastAt: 0 };
    let mailed = { files: 0, lastAt: 0 };
    const deadline = Date.now() + 15 * 60_000;
    while (notified.count < FOLLOWERS || mailed.files < mails) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { rows } = await db.query<{ count: string; last: Date | null }>(
        `select count(*), max(n.created_at) as last from notifications n join alerts a on a.id = n.alert_id
         where a.game_igdb_id = $1`,
        [followed],
      );
      notified = { count: Number(rows[0].count), lastAt: rows[0].last?.getTime() ?? 0 };
      mailed = outboxState(outbox);
    }
    finished = true;
    const during = await busy;
    const loadAfter = loadavg()[0];
    const { rows: duplicates } = await db.query<{ count: string }>(
      `select count(*) - count(distinct n.user_id) as count from notifications n join alerts a on a.id = n.alert_id
       where a.game_igdb_id = $1`,
      [followed],
    );
    await db.end();
    const seconds = (at: number) => ((at - changedAt) / 1000).toFixed(1);
    process.stdout.write(
      `notifications ${notified.count}/${FOLLOWERS}, last at +${seconds(notified.lastAt)} s; mails ${mailed.files}/${mails}, last at +${seconds(mailed.lastAt)} s\n` +
        `ratings during the fan-out: ${JSON.stringify(during)}\n`,
    );
    const row = (name: string, measured: Latencies) =>
      `| ${name} | ${measured.requests} | ${measured.p50.toFixed(1)} | ${measured.p95.toFixed(1)} | ${measured.p99.toFixed(1)} | ${measured.max.toFixed(1)} | ${measured.errors} |`;
    writeSection(
      'alerts-fanout',
      [
        '## Alerts fan-out (issue 23)',
        '',
        '`npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:alerts`',
        `(\`-- --followers ${FOLLOWERS} --mail-share ${MAIL_SHARE} --seconds ${SECONDS} --connections ${CONNECTIONS} --backend ${BACKEND}\`)`,
        '',
        `Run: ${new Date().toISOString()}. One API and one worker process as \`npm start\` runs them, queues on`,
        `${BACKEND === 'redis' ? 'Redis' : "BullMQ's PostgreSQL backend"}, mail to the .eml outbox. One date change (PATCH`,
        `/api/admin/games/{igdbID}) of a game followed by ${FOLLOWERS.toLocaleString('en')} users, of whom`,
        `${mails.toLocaleString('en')} take their mail at once (the others wait for the weekly digest).`,
        '',
        '| measure | result |',
        '|---|---|',
        `| notifications stored | ${notified.count.toLocaleString('en')} of ${FOLLOWERS.toLocaleString('en')} (${duplicates[0].count} duplicates) |`,
        `| PATCH → last notification stored | ${seconds(notified.lastAt)} s |`,
        `| mails written | ${mailed.files.toLocaleString('en')} of ${mails.toLocaleString('en')} |`,
        `| PATCH → last mail written | ${seconds(mailed.lastAt)} s (${(mailed.files / Number(seconds(mailed.lastAt))).toFixed(1)} mails/s) |`,
        '',
        'The notifications are one INSERT … SELECT per batch of 1,000 followers; each mail is a send-mail job of',
        'its own on the events queue (4 at a time per worker process), rendered and written one by one: mail,',
        'not the fan-out, sets the pace, and more worker processes (KEDA scales them on the queue) share it.',
        '',
        `The rating path meanwhile: POST /api/user/rating from ${CONNECTIONS} clients back to back (each answers`,
        'once the averages worker recalculated the game), first for',
        `${SECONDS} s with no fan-out (after a 3 s warm-up), then for the whole fan-out. Latencies in ms.`,
        '',
        '| rating path | requests | p50 | p95 | p99 | max | errors |',
        '|---|---|---|---|---|---|---|',
        row('without the fan-out', quiet),
        row('during the fan-out', during),
        '',
        `Load average of the machine (1 min) before and after the measured runs: ${loadBefore.toFixed(1)} and`,
        `${loadAfter.toFixed(1)} on ${cpus().length} cores, shared with the load generator, PostgreSQL and other`,
        'work (other sessions and a CI run were using the machine): the figures are upper bounds.',
        '',
      ].join('\n'),
    );
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
