/**
 * The activity feed at scale (issue 24): a reader following 1,000 users with 100 events each (60 ratings,
 * 40 status changes, spread over the last year) on the large catalogue (demo + 194,180 games), read
 * through the API (GET /api/user/feed, its first page and pages further down by their cursors) at 32
 * connections. Target: p95 at or under 150 ms. Writes its section of docs/PERFORMANCE.md.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node_modules/.bin/node dist/bench/feed.js [--seconds 15] [--connections 32]
 *
 * The statement alone, page by page under EXPLAIN ANALYZE: bench/feed-explain.ts.
 */
import 'reflect-metadata';
import argon2 from 'argon2';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { writeSection } from './performance-report.js';
import { benchApiEnv } from './bench-api-env.js';
import { start } from './bench-processes.js';
import { cpuMs, postgresCpuMs } from './process-cpu.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = argument('seconds', 15);
const CONNECTIONS = argument('connections', 32);
/** The bench's own database on the server (FEED_BENCH_DATABASE names another, e.g. one per worktree). */
const DATABASE = process.env.FEED_BENCH_DATABASE ?? 'veredicto_bench_feed';
const FOLLOWED = 1000;
const RATINGS_EACH = 60;
const STATUSES_EACH = 40;
const TARGET_P95_MS = 150;
const PORT = 3213;
const PASSWORD = 'bench-feed-password';

/** The reader, the 1,000 users it follows and their 100 events each, made once per database. */
async function seedFollowing(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const seeded = await db.query(`select 1 from users where username = 'feed_reader'`);
    if (seeded.rowCount) return;
    const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await db.query('begin');
    await db.query(
      `insert into users (username, username_key, email, password_hash, confirmed_at)
       values ('feed_reader', 'feed_reader', 'feed_reader@bench.invalid', $1, now())`,
      [passwordHash],
    );
    await db.query(
      `insert into users (username, username_key, email, password_hash, confirmed_at)
       select 'feed_' || n, 'feed_' || n, 'feed_' || n || '@bench.invalid', $1, now()
       from generate_series(1, $2::int) as n`,
      [passwordHash, FOLLOWED],
    );
    await db.query(
      `insert into user_follows (follower_id, followed_id)
       select r.id, u.id from users r, users u
       where r.username = 'feed_reader' and u.username ~ '^feed_[0-9]+$'`,
    );
    // Games by their rank in a fixed order, so each user's events land on distinct games of the catalogue.
    await db.query(
      `create temporary table ranked_games as
       select row_number() over (order by id) - 1 as rank, id from games`,
    );
    await db.query('create index on ranked_games (rank)');
    const { rows } = await db.query<{ total: string }>('select count(*) as total from ranked_games');
    const total = Number(rows[0].total);
    await db.query(
      `insert into ratings (user_id, game_id, score, created_at, updated_at)
       select u.id, g.id, (u.id * 37 + n * 11) % 101, at, at
       from users u
       cross join generate_series(1, $1::int) as n
       cross join lateral (select now() - (((u.id * 7919 + n * 104729) % 525600) || ' minutes')::interval as at) t
       join ranked_games g on g.rank = (u.id * 1009 + n) % $2
       where u.username ~ '^feed_[0-9]+$'`,
      [RATINGS_EACH, total],
    );
    await db.query(
      `insert into game_statuses (user_id, game_id, status, created_at, status_changed_at, updated_at)
       select u.id, g.id, (array['want','playing','completed','abandoned','shelved'])[1 + n % 5], at, at, at
       from users u
       cross join generate_series(1, $1::int) as n
       cross join lateral (select now() - (((u.id * 104729 + n * 7919) % 525600) || ' minutes')::interval as at) t
       join ranked_games g on g.rank = (u.id * 1009 + 500 + n) % $2
       where u.username ~ '^feed_[0-9]+$'`,
      [STATUSES_EACH, total],
    );
    await db.query('commit');
    for (const table of ['users', 'user_follows', 'ratings', 'game_statuses', 'user_reviews', 'feed_entries'])
      await db.query(`vacuum analyze ${table}`);
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * `connections` clients, each sending its next request when the last one answered, for `seconds`; every
 * latency is kept, so the percentiles are exact (autocannon reports no p95).
 */
async function load(base: string, token: string, paths: string[], seconds: number, connections: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const path = paths[next++ % paths.length];
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

/** The cursors of the first `pages` pages, read one after another as a reader scrolling down would. */
async function cursors(base: string, token: string, pages: number): Promise<string[]> {
  const paths = ['/api/user/feed'];
  for (let page = 1; page < pages; page++) {
    const response = await fetch(`${base}${paths[page - 1]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { next } = (await response.json()) as { next: string | null };
    if (!next) break;
    paths.push(`/api/user/feed?cursor=${encodeURIComponent(next)}`);
  }
  return paths;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required (any database on the server)');
  const databaseUrl = await prepareLargeCatalogue(serverUrl, DATABASE);
  await seedFollowing(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: counts } = await db.query<{ games: string; events: string }>(
    `select (select count(*) from games) as games,
            (select count(*) from ratings r join user_follows f on f.followed_id = r.user_id
               join users u on u.id = f.follower_id and u.username = 'feed_reader')
          + (select count(*) from game_statuses s join user_follows f on f.followed_id = s.user_id
               join users u on u.id = f.follower_id and u.username = 'feed_reader') as events`,
  );
  await db.end();

  const api = await start(
    'dist/api/src/main.js',
    benchApiEnv(databaseUrl, 'bench_feed', {
      NODE_ENV: 'production',
      TRUSTED_PROXIES: 'loopback',
      PORT: String(PORT),
    }),
  );
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.88.0.1' },
      body: JSON.stringify({ username: 'feed_reader', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const deep = await cursors(base, token, 20);
    const scenarios: [string, string[]][] = [
      ['first page', ['/api/user/feed']],
      [`pages 2-${deep.length} by cursor`, deep.slice(1)],
    ];
    // The PostgreSQL backends of the bench's database (the machine's other databases, busy with other work,
    // left out): their CPU time per request, with the API's, is what a request costs whatever the load.
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const backends = async () =>
      new Set(
        (
          await monitor.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((row) => Number(row.pid)),
      );
    const loadBefore = loadavg()[0];
    const rows: string[] = [];
    for (const [name, paths] of scenarios) {
      await load(base, token, paths, 3, CONNECTIONS);
      const backendsBefore = await backends();
      const [api0, postgres0] = [cpuMs(api.pid!), postgresCpuMs()];
      const measured = await load(base, token, paths, SECONDS, CONNECTIONS);
      const [api1, postgres1] = [cpuMs(api.pid!), postgresCpuMs()];
      const ours = new Set([...backendsBefore, ...(await backends())]);
      let postgres = 0;
      for (const [pid, time] of postgres1) if (ours.has(pid)) postgres += time - (postgres0.get(pid) ?? 0);
      const perRequest = (milliseconds: number | null) =>
        milliseconds === null || !measured.requests ? '–' : (milliseconds / measured.requests).toFixed(2);
      const apiCpu = perRequest(api0 === null || api1 === null ? null : api1 - api0);
      const postgresCpu = perRequest(postgres1.size ? postgres : null);
      console.log(name, measured, { apiCpu, postgresCpu });
      rows.push(
        `| ${name} | ${measured.p50.toFixed(1)} | ${measured.p95.toFixed(1)} | ${measured.p99.toFixed(1)} | ${Math.round(measured.rps)} | ${apiCpu} | ${postgresCpu} | ${measured.errors} | ${measured.p95 <= TARGET_P95_MS ? 'yes' : 'no'} |`,
      );
    }
    await monitor.end();
    const loadAfter = loadavg()[0];
    writeSection(
      'feed',
      [
        '## Activity feed (issue 24)',
        '',
        '`npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/node dist/bench/feed.js`',
        '',
        `A reader following ${FOLLOWED.toLocaleString('en')} users with ${RATINGS_EACH + STATUSES_EACH} events each`,
        `(${Number(counts[0].events).toLocaleString('en')} ratings and status changes over the last year) on a catalogue of`,
        `${Number(counts[0].games).toLocaleString('en')} games, reading GET /api/user/feed through the API as it runs`,
        `(request logs at the default level) with ${CONNECTIONS} connections for ${SECONDS} s after a 3 s warm-up;`,
        'every latency is kept, so the percentiles are exact. Latencies in ms; target: p95 at or under',
        `${TARGET_P95_MS} ms. CPU per request: the API process's, and that of the PostgreSQL backends of the`,
        "bench's database (from /proc; what a request costs whatever else runs on the machine).",
        '',
        '| scenario | p50 | p95 | p99 | req/s | API CPU ms/req | PostgreSQL CPU ms/req | errors | p95 ≤ 150 ms |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
        `Load average of the machine (1 min) at the start and end of the HTTP runs: ${loadBefore.toFixed(1)} and`,
        `${loadAfter.toFixed(1)} on ${cpus().length} cores shared with the load generator, PostgreSQL and other work.`,
        '',
      ].join('\n'),
    );
  } finally {
    api.kill('SIGTERM');
  }
}

await main();
process.exit(0);
