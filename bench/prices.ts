/**
 * The prices (issue 49, docs/PRICES.md): what a poll of 12,000 Steam apps costs us, and how fast the game
 * page's price block reads.
 *
 *   npm run build && npm run bench:prices [-- --seconds 10 --runs 3 --warmup 3 --connections 32]
 *
 * `npm start` on a fresh data folder (embedded PostgreSQL, the supervisor's log pipe, the default log level),
 * with the stores at the fake of the tests (test/support/fake-stores.ts, in this process, answering in
 * Steam's real shapes) and PRICES_REQUEST_INTERVAL_MS=0, so the poll's time is our own. The catalogue is
 * 12,000 games linked to 12,000 Steam apps, as `languages.jsonl.gz` links them (not the demo catalogue,
 * whose 12,186 links would make 122 calls). Three polls through the admin (POST /api/admin/prices/refresh)
 * run by the workers: the first sight of every price, the same prices again, and a sale on a tenth of the
 * apps. Then `GET /api/games/{id}/prices` of random games at 32 connections with a browser's
 * Accept-Encoding, each run followed by a bare node:http server writing the bytes the API answered.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { FakeStores, type FakeSteamPrice } from '../test/support/fake-stores.js';
import { rawAnswer, startBareServer, type BareAnswers } from './bench-processes.js';
import { Cleanups, runBench } from './bench-run.js';
import { measureLoad, type Measure } from './load.js';
import { npmStart, type NpmStartInstance } from './npm-start.js';
import { writeSection } from './performance-report.js';
import { cpuMs, pidsListeningOn } from './process-cpu.js';
import { percentile, ratio } from './traffic-plan.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return value;
};
const SECONDS = argument('seconds', 10);
const RUNS = Math.max(1, Math.round(argument('runs', 3)));
const WARMUP_SECONDS = argument('warmup', 3);
const CONNECTIONS = Math.max(1, Math.round(argument('connections', 32)));

/** Steam's largest batch (docs/PRICES.md): 12,000 apps must be 120 calls. */
const APPS = 12_000;
const STEAM_BATCH = 100;
/** The bench's games: IGDB ids above any real one, each linked to its own app id. */
const FIRST_IGDB_ID = 1_900_000_000;
const appIdOf = (index: number) => 100_000 + index * 10;
const DEFAULT_INTERVAL_MS = 1500;
const READ_PATHS = 50_000;
const BARE_ANSWERS = 300;

/** What the bench started, stopped however it ends: the product, the bare server, the fake. */
const cleanups = new Cleanups();

const REGULAR_PRICES = [499, 999, 1499, 1999, 2999, 3999, 5999, 6999];
const DISCOUNTS = [10, 20, 25, 33, 50, 75];

/** App `index`'s price at the first poll: every third one on sale, with Steam's 30-day low. */
function firstPrice(index: number, endsAt: number): FakeSteamPrice {
  const regular = REGULAR_PRICES[index % REGULAR_PRICES.length];
  const name = `Juego de precio ${index + 1}`;
  if (index % 3 !== 0) return { name, regular, final: regular, lowest30d: regular };
  const final = Math.round((regular * (100 - DISCOUNTS[index % DISCOUNTS.length])) / 100);
  return { name, regular, final, lowest30d: final, endsAt };
}

/** The 12,000 games and their Steam links (a `steam` language entry naming the app, as the import writes). */
async function seedCatalogue(db: pg.Client): Promise<number[]> {
  await db.query(
    `insert into games (igdb_id, slug, title, search_name, platforms, release_date)
     select $1::int + n, 'juego-de-precio-' || n, 'Juego de precio ' || n, 'juego de precio ' || n, '{PC}',
            current_date - (n % 3000)
     from generate_series(1, $2::int) as n`,
    [FIRST_IGDB_ID, APPS],
  );
  await db.query(
    `insert into game_languages (game_id, platform, locale, text, audio, source, source_ref, as_of)
     select id, null, 'es-ES', true, false, 'steam', (100000 + (igdb_id - $1::int - 1) * 10)::text,
            to_char(current_date, 'YYYY-MM')
     from games where igdb_id > $1::int and igdb_id <= $1::int + $2::int`,
    [FIRST_IGDB_ID, APPS],
  );
  // The machine's PostgreSQL runs without autovacuum; the embedded one would get there later.
  await db.query('vacuum analyze games, game_languages');
  return Array.from({ length: APPS }, (_, index) => FIRST_IGDB_ID + index + 1);
}

async function adminToken(instance: NpmStartInstance): Promise<string> {
  const { adminPassword } = JSON.parse(readFileSync(join(instance.dataDir, 'secrets.json'), 'utf8')) as {
    adminPassword: string;
  };
  const response = await fetch(`${instance.url}/api/auth/check-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  if (!response.ok) throw new Error(`check-password answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

interface PollLine {
  store: string;
  games: number;
  changed: number;
  failed: number;
  requests: number;
}

interface Poll {
  name: string;
  /** POST /api/admin/prices/refresh → the job reported completed (polled every 50 ms), ms. */
  jobMs: number;
  /** The Steam prices part: the run's started_at → finished_at in price_runs, ms. */
  pricesMs: number;
  /** The Spanish reviews part: the prices' end → the last summary stored, ms (null when none was read). */
  reviewsMs: number | null;
  getItemsCalls: number;
  largestCall: number;
  reviewCalls: number;
  steam: PollLine;
  reviews: PollLine | undefined;
  snapshots: number;
  alerts: number;
}

const count = async (db: pg.Client, sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);

/** One poll through the admin, run by the workers, and what it asked and stored. */
async function poll(
  name: string,
  instance: NpmStartInstance,
  token: string,
  stores: FakeStores,
  db: pg.Client,
): Promise<Poll> {
  const before = {
    calls: stores.steamCalls.length,
    reviewCalls: stores.steamReviewCalls.length,
    snapshots: await count(db, 'select count(*) as n from price_snapshots'),
    alerts: await count(db, `select count(*) as n from alerts where kind in ('price-below', 'historic-low')`),
  };
  const auth = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const refreshed = await fetch(`${instance.url}/api/admin/prices/refresh`, {
    method: 'POST',
    headers: auth,
  });
  if (refreshed.status !== 202) throw new Error(`refresh answered ${refreshed.status}`);
  const { jobId } = (await refreshed.json()) as { jobId: string };
  let result: { enabled: boolean; stores: PollLine[] } | undefined;
  for (const deadline = Date.now() + 15 * 60_000; !result; await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`the poll ${jobId} did not end in 15 minutes`);
    const status = (await (
      await fetch(`${instance.url}/api/admin/jobs/prices/${jobId}`, { headers: auth })
    ).json()) as {
      state: string;
      result: typeof result | null;
      failedReason: string | null;
    };
    if (status.state === 'failed') throw new Error(`the poll failed: ${status.failedReason}`);
    if (status.state === 'completed') result = status.result ?? undefined;
  }
  const jobMs = performance.now() - started;
  const run = (
    await db.query<{ started_at: Date; finished_at: Date; last_review: Date | null }>(
      `select started_at, finished_at,
              (select max(checked_at) from steam_spanish_reviews where checked_at >= r.finished_at) as last_review
       from price_runs r where store = 'steam' order by id desc limit 1`,
    )
  ).rows[0];
  const calls = stores.steamCalls.slice(before.calls);
  const steam = result.stores.find((line) => line.store === 'steam');
  if (!steam) throw new Error(`the poll has no steam line: ${JSON.stringify(result)}`);
  return {
    name,
    jobMs,
    pricesMs: run.finished_at.getTime() - run.started_at.getTime(),
    reviewsMs: run.last_review ? run.last_review.getTime() - run.finished_at.getTime() : null,
    getItemsCalls: calls.length,
    largestCall: Math.max(...calls.map((call) => call.appIds.length)),
    reviewCalls: stores.steamReviewCalls.length - before.reviewCalls,
    steam,
    reviews: result.stores.find((line) => line.store === 'steam-reviews'),
    snapshots: (await count(db, 'select count(*) as n from price_snapshots')) - before.snapshots,
    alerts:
      (await count(db, `select count(*) as n from alerts where kind in ('price-below', 'historic-low')`)) -
      before.alerts,
  };
}

interface ReadRun {
  api: Measure;
  bare: Measure;
  apiCpuUs: number | null;
}

const apiCpuMs = (pids: number[]) => {
  const times = pids.map(cpuMs);
  return pids.length === 0 || times.some((time) => time === null)
    ? null
    : times.reduce((sum, time) => sum! + time!, 0);
};

async function main() {
  const endsAt = Math.floor(Date.now() / 1000) + 7 * 86_400;
  const stores = await new FakeStores().start();
  cleanups.add(() => stores.close());
  for (let index = 0; index < APPS; index++)
    stores.steam.set(String(appIdOf(index)), firstPrice(index, endsAt));

  console.log('npm start on a fresh data folder (embedded PostgreSQL), the stores at the fake…');
  const instance = await npmStart({
    prefix: 'veredicto-prices-',
    env: {
      SEED_DEMO: 'false',
      PRICES_POLL: 'on',
      STEAM_API_URL: stores.origin,
      STEAM_STORE_URL: stores.origin,
      PRICES_REQUEST_INTERVAL_MS: '0',
    },
    onSpawned: (stop) => cleanups.add(stop),
  });
  const db = new pg.Client({ connectionString: instance.databaseUrl });
  await db.connect();
  cleanups.add(() => db.end());
  const version = (await db.query<{ server_version: string }>('show server_version')).rows[0].server_version;
  const igdbIds = await seedCatalogue(db);
  const token = await adminToken(instance);

  const loadBefore = loadavg()[0];
  const polls: Poll[] = [];
  polls.push(await poll('first sight of every price', instance, token, stores, db));
  polls.push(await poll('the same prices again', instance, token, stores, db));
  // A sale on a tenth of the apps: 40 % off, the 30-day low the price before it.
  for (let index = 1; index < APPS; index += 10) {
    const before = firstPrice(index, endsAt);
    const final = Math.round(before.regular * 0.6);
    stores.steam.set(String(appIdOf(index)), { ...before, final, lowest30d: before.final, endsAt });
  }
  polls.push(await poll('a sale on a tenth of the apps', instance, token, stores, db));
  for (const done of polls) {
    console.log(
      `${done.name}: job ${(done.jobMs / 1000).toFixed(1)} s, prices ${(done.pricesMs / 1000).toFixed(1)} s, ` +
        `${done.getItemsCalls} GetItems calls (≤ ${done.largestCall} ids), ${done.steam.changed} changed, ` +
        `${done.snapshots} snapshots, ${done.alerts} alerts; reviews ${done.reviewCalls} calls`,
    );
    if (done.getItemsCalls !== APPS / STEAM_BATCH || done.largestCall > STEAM_BATCH)
      throw new Error(
        `${done.name}: ${done.getItemsCalls} GetItems calls, the largest of ${done.largestCall} ids`,
      );
  }

  // The read: random games of the 12,000, every one priced.
  const paths = Array.from(
    { length: READ_PATHS },
    () => `/api/games/${igdbIds[Math.floor(Math.random() * igdbIds.length)]}/prices`,
  );
  const sample = await rawAnswer(instance.url, paths[0], 'browser');
  if (sample.status !== 200) throw new Error(`${paths[0]}: ${sample.status}`);
  const answers: BareAnswers = {};
  for (const path of paths.slice(-BARE_ANSWERS)) {
    const answer = await rawAnswer(instance.url, path, 'browser');
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    answers[path] = {
      body: answer.body.toString('base64'),
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
    };
  }
  const { offers } = (await (await fetch(`${instance.url}${paths[0]}`)).json()) as { offers: unknown[] };
  if (offers.length !== 1) throw new Error(`${paths[0]}: ${offers.length} offers, 1 expected`);
  const bare = await startBareServer(answers);
  cleanups.add(() => {
    if (bare.child.exitCode === null) bare.child.kill('SIGTERM');
  });
  const bareUrl = `http://127.0.0.1:${bare.port}`;
  const barePaths = Object.keys(answers);
  const apiPids = pidsListeningOn(Number(new URL(instance.url).port));
  const cursor = { next: 0 };
  const bareCursor = { next: 0 };
  const load = { connections: CONNECTIONS, client: 'browser' as const };
  if (WARMUP_SECONDS > 0) {
    await measureLoad({ ...load, duration: WARMUP_SECONDS, url: instance.url, paths, cursor });
    await measureLoad({
      ...load,
      duration: WARMUP_SECONDS,
      url: bareUrl,
      paths: barePaths,
      cursor: bareCursor,
    });
  }
  const runs: ReadRun[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpu0 = apiCpuMs(apiPids);
    const api = await measureLoad({ ...load, duration: SECONDS, url: instance.url, paths, cursor });
    const cpu1 = apiCpuMs(apiPids);
    const bareMeasure = await measureLoad({
      ...load,
      duration: SECONDS,
      url: bareUrl,
      paths: barePaths,
      cursor: bareCursor,
    });
    const apiCpuUs =
      cpu0 === null || cpu1 === null || !api.requests ? null : ((cpu1 - cpu0) * 1000) / api.requests;
    runs.push({ api, bare: bareMeasure, apiCpuUs });
    console.log(`read run ${run + 1}: API ${JSON.stringify(api)}, bare ${JSON.stringify(bareMeasure)}`);
  }
  const loadAfter = loadavg()[0];
  writeSection(
    'prices',
    report({
      polls,
      runs,
      version,
      apiProcesses: apiPids.length,
      bodyBytes: sample.body.length,
      contentEncoding: sample.contentEncoding,
      load: [loadBefore, loadAfter],
    }),
  );
  console.log('docs/PERFORMANCE.md: section prices written');
}

const seconds = (ms: number | null) => (ms === null ? '–' : (ms / 1000).toFixed(1));
const thousands = (value: number) => value.toLocaleString('en');

function report(figures: {
  polls: Poll[];
  runs: ReadRun[];
  version: string;
  apiProcesses: number;
  bodyBytes: number;
  contentEncoding: string | undefined;
  load: [number, number];
}): string {
  const { polls, runs, load } = figures;
  const first = polls[0];
  const perCall = first.pricesMs / first.getItemsCalls;
  // Calls to one host start at least the interval apart: the last one starts (calls - 1) intervals after the first.
  const spacedPricesMs = Math.max(first.pricesMs, (first.getItemsCalls - 1) * DEFAULT_INTERVAL_MS + perCall);
  const reviewCalls = first.reviewCalls;
  const short = SECONDS < 10 || RUNS < 3;
  const loaded = load[0] > cpus().length / 2;
  const argv = process.argv.slice(2).join(' ');
  const p99s = runs.map((run) => run.api.p99);
  const pollRow = (done: Poll) =>
    `| ${done.name} | ${seconds(done.jobMs)} | ${seconds(done.pricesMs)} | ${done.getItemsCalls} (≤ ${done.largestCall} ids) | ` +
    `${thousands(done.steam.changed)} | ${thousands(done.snapshots)} | ${thousands(done.alerts)} | ` +
    `${thousands(done.reviews?.games ?? 0)} games, ${thousands(done.reviewCalls)} calls, ${seconds(done.reviewsMs)} s |`;
  const readRow = (run: ReadRun, index: number) =>
    `| ${index + 1} | ${run.api.p50} | **${run.api.p99}** | ${thousands(run.api.rps)} | ${run.bare.p50} | ${run.bare.p99} | ` +
    `${thousands(run.bare.rps)} | ${ratio(run.api.p99, run.bare.p99)} | ${run.apiCpuUs === null ? '–' : Math.round(run.apiCpuUs)} | ` +
    `${run.api.errors + run.bare.errors} |`;
  return [
    '## Prices: a poll of 12,000 Steam apps and the price block (issue 49)',
    '',
    `Command: \`npm run build && npm run bench:prices${argv ? ` -- ${argv}` : ''}\`.`,
    ...(short
      ? ['', '**A short check run (under 10 s or fewer than 3 runs): its figures are indicative only.**']
      : []),
    ...(loaded
      ? [
          '',
          `**Taken on a loaded machine (load average ${load[0].toFixed(1)} on ${cpus().length} cores at the start): upper bounds, not the official figures.**`,
        ]
      : []),
    '',
    `Run: ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}; load average (1 min) ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
    '',
    `Instance: \`npm start\` on a fresh data folder (embedded PostgreSQL ${figures.version.split(' ')[0]}, ${figures.apiProcesses} API`,
    "processes and the workers, the default log level, the supervisor's log pipe read by the bench), with",
    '`SEED_DEMO=false` and a catalogue of 12,000 games each linked to its own Steam app (as `languages.jsonl.gz`',
    'links them), `PRICES_POLL=on`, `STEAM_API_URL`/`STEAM_STORE_URL` at the fake stores of the tests',
    "(test/support/fake-stores.ts, in the bench's process, answering in Steam's real shapes) and",
    '`PRICES_REQUEST_INTERVAL_MS=0`: the times below are our own cost, with no spacing between calls.',
    '',
    '### The poll',
    '',
    'Each poll is `POST /api/admin/prices/refresh`, run by the workers (job `poll-prices`), timed to the job',
    "reported completed. Prices: the Steam run's start to end in `price_runs` (GetItems, then each batch",
    "stored and its alerts recorded). Reviews: 'En Steam, en español', `STEAM_REVIEWS_PER_RUN` (default 1,000)",
    "games of two summaries each, from the prices' end to the last summary stored.",
    '',
    '| poll | job (s) | prices (s) | GetItems calls | changes | snapshots stored | alerts recorded | Spanish reviews |',
    '|---|---|---|---|---|---|---|---|',
    ...polls.map(pollRow),
    '',
    `At the default spacing (\`PRICES_REQUEST_INTERVAL_MS=${DEFAULT_INTERVAL_MS}\`) the calls to a host start at least`,
    `1.5 s apart: the prices' ${first.getItemsCalls} calls take at least ${first.getItemsCalls - 1} × 1.5 s = ${seconds((first.getItemsCalls - 1) * DEFAULT_INTERVAL_MS)} s, so a poll's prices`,
    `take about ${seconds(spacedPricesMs)} s instead of ${seconds(first.pricesMs)} s (our own ${Math.round(perCall)} ms a call fits within the spacing): the`,
    `spacing adds about ${seconds(spacedPricesMs - first.pricesMs)} s. The Spanish reviews' ${thousands(reviewCalls)} calls to the store's host take at least`,
    `${thousands(reviewCalls)} × 1.5 s = ${Math.round((reviewCalls * DEFAULT_INTERVAL_MS) / 60_000)} minutes at the default, against ${seconds(first.reviewsMs)} s of our own.`,
    '',
    '### The price block: `GET /api/games/{id}/prices`',
    '',
    `Random games of the 12,000 (every one priced: one offer and its historic low), ${CONNECTIONS} connections, a`,
    `browser's \`Accept-Encoding: gzip, deflate, br, zstd\` (the API answered ${figures.contentEncoding ?? 'uncompressed'}, ${figures.bodyBytes} bytes);`,
    `after a ${WARMUP_SECONDS} s warm-up of both servers, each run measures the API for ${SECONDS} s, then the bare server`,
    `(bench/bare-bytes-server.ts: node:http writing the bytes the API answered to ${BARE_ANSWERS} of the paths) as long.`,
    "Latencies in ms; API CPU: the API processes' CPU time per request (µs, from /proc).",
    '',
    '| run | API p50 | API p99 | API req/s | bare p50 | bare p99 | bare req/s | p99 ratio | API CPU µs/req | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(readRow),
    '',
    `Median API p99 ${percentile(p99s, 0.5)} ms, worst ${Math.max(...p99s)} ms.`,
    '',
  ].join('\n');
}

await runBench(main, cleanups);
