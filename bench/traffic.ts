/**
 * What traffic does (issue 28): 32 connections of random catalogue pages across each list's whole range (each
 * order, each filter) and random searches from real queries (test/fixtures/search-queries), against the
 * product as a user runs it (`npm start`: the supervisor, its log pipe, the default log level and access-log
 * sampling), each run followed by a bare node:http server writing the same bytes the API answered. Per run:
 * latencies and their ratio to the bare server, the CPU per request of the API process and of the PostgreSQL
 * backends of its database (/proc), and the API's garbage-collection pauses (perf_hooks, read from /metrics).
 *
 *   npm run build && npm run bench:traffic -- --start embedded            (embedded PostgreSQL, fresh folder)
 *   DATABASE_URL=postgres://... npm run bench:traffic -- --start database (PostgreSQL of DATABASE_URL)
 *   npm run bench:traffic -- --url http://localhost:3000 --database-url postgres://...   (a running instance)
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { fromRoot } from '@veredicto/config';
import { rawAnswer, startBareServer, untilDatabaseAtRest, type BareAnswers } from './bench-processes.js';
import { Cleanups, runBench } from './bench-run.js';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { measureLoad, type Client, type Measure } from './load.js';
import { npmStart } from './npm-start.js';
import { writeSection } from './performance-report.js';
import {
  cpuMs,
  databaseBackendsCpuMs,
  pidListeningOn,
  pidsListeningOn,
  postgresCpuBetween,
} from './process-cpu.js';
import {
  DEEPEST_PAGE,
  gcTotals,
  PAGE_SIZE,
  parseQueries,
  parseTrafficArguments,
  percentile,
  ratio,
  scenarioPaths,
  selectScenarios,
  trafficScenarios,
  type Scenario,
  type TrafficOptions,
} from './traffic-plan.js';

const QUERIES_FILE = 'test/fixtures/search-queries/aol-2006-game-queries.txt';
const BENCH_DATABASE = 'veredicto_bench_traffic';
const PATHS_PER_SCENARIO = 200_000;
/** Answers captured from the API for the bare server: its cost does not depend on which path it serves. */
const BARE_ANSWERS = 300;
const TARGET_P99_MS = 50;
const START_TIMEOUT_MS = 300_000;

interface Instance {
  url: string;
  /** Each API process's /metrics (`npm start` runs one per core). */
  metricsUrls: string[];
  databaseUrl: string | null;
  stop(): Promise<void>;
}

/** What the bench started, stopped however it ends: the instance it started, the bare server. */
const cleanups = new Cleanups();

/** `npm start` on a fresh data folder, as a user runs it (bench/npm-start.ts). */
async function startInstance(mode: 'embedded' | 'database', databaseUrl: string | null): Promise<Instance> {
  return npmStart({
    prefix: 'veredicto-traffic-',
    databaseUrl: mode === 'database' ? databaseUrl! : undefined,
    timeoutMs: START_TIMEOUT_MS,
    onSpawned: (stop) => cleanups.add(stop),
  });
}

/** `npm run seed:large` against the running instance's database, then the statistics autovacuum would leave. */
async function seedLarge(databaseUrl: string): Promise<void> {
  const seed = spawn(process.execPath, [fromRoot('dist/libs/db/src/cli/seed.js'), 'large'], {
    cwd: fromRoot('.'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:large exited with ${code}`);
  await vacuum(databaseUrl);
}

async function vacuum(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze games');
    await client.query('vacuum analyze game_aliases');
  } finally {
    await client.end();
  }
}

async function pageCount(base: string, list: string): Promise<number> {
  const answer = await rawAnswer(base, `/api/games/all?page=0&size=${PAGE_SIZE}${list}`, 'plain');
  if (answer.status !== 200)
    throw new Error(`/api/games/all${list}: ${answer.status} ${answer.body.toString()}`);
  return (JSON.parse(answer.body.toString()) as { totalPages: number }).totalPages;
}

/** The bare server (bench/bare-bytes-server.ts) holding the API's answers to `paths` for the client. */
async function startBare(
  base: string,
  paths: string[],
  client: Client,
): Promise<{ url: string; stop: () => void }> {
  const answers: BareAnswers = {};
  for (const path of paths) {
    const answer = await rawAnswer(base, path, client);
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
    answers[path] = {
      body: answer.body.toString('base64'),
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
    };
  }
  const { child, port } = await startBareServer(answers);
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  cleanups.add(stop);
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** The GC totals of every API process added up; null when one of them gives none. */
async function readGc(options: { metricsUrls: string[]; metricsToken?: string }) {
  if (!options.metricsUrls.length) return null;
  const totals = await Promise.all(
    options.metricsUrls.map((url) => readProcessGc(url, options.metricsToken)),
  );
  if (totals.some((total) => total === null)) return null;
  return totals.reduce(
    (sum, total) => ({ pauses: sum!.pauses + total!.pauses, totalMs: sum!.totalMs + total!.totalMs }),
    { pauses: 0, totalMs: 0 },
  );
}

async function readProcessGc(metricsUrl: string, metricsToken?: string) {
  try {
    const response = await fetch(metricsUrl, {
      headers: metricsToken ? { Authorization: `Bearer ${metricsToken}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? gcTotals(await response.text()) : null;
  } catch {
    return null;
  }
}

/** The CPU time of every API process added up; null when one is gone. */
function apiCpuMs(pids: number[]): number | null {
  if (!pids.length) return null;
  const times = pids.map(cpuMs);
  return times.some((time) => time === null) ? null : times.reduce((sum, time) => sum! + time!, 0);
}

interface Run {
  api: Measure;
  bare: Measure;
  apiCpuUs: number | null;
  postgresCpuUs: number | null;
  gc: { pauses: number; totalMs: number } | null;
}

/** One measured run of the API, with what it cost in CPU and GC, then the same length on the bare server. */
async function measureRun(
  options: TrafficOptions,
  instance: Instance,
  apiPids: number[],
  backends: { database: string; postmaster: number | null } | null,
  paths: string[],
  cursor: { next: number },
  bare: { url: string; paths: string[]; cursor: { next: number } },
  client: Client,
): Promise<Run> {
  const load = { connections: options.connections, duration: options.seconds, client };
  const gc0 = await readGc({ metricsUrls: instance.metricsUrls, metricsToken: options.metricsToken });
  const [api0, postgres0] = [
    apiCpuMs(apiPids),
    backends ? databaseBackendsCpuMs(backends.database, backends.postmaster) : null,
  ];
  const api = await measureLoad({ ...load, url: instance.url, paths, cursor });
  const [api1, postgres1] = [
    apiCpuMs(apiPids),
    backends ? databaseBackendsCpuMs(backends.database, backends.postmaster) : null,
  ];
  const gc1 = await readGc({ metricsUrls: instance.metricsUrls, metricsToken: options.metricsToken });
  const perRequest = (milliseconds: number | null) =>
    milliseconds === null || api.requests === 0 ? null : (milliseconds * 1000) / api.requests;
  const bareMeasure = await measureLoad({ ...load, url: bare.url, paths: bare.paths, cursor: bare.cursor });
  return {
    api,
    bare: bareMeasure,
    apiCpuUs: perRequest(api0 === null || api1 === null ? null : api1 - api0),
    postgresCpuUs: perRequest(postgres0 && postgres1 ? postgresCpuBetween(postgres0, postgres1) : null),
    gc: gc0 && gc1 ? { pauses: gc1.pauses - gc0.pauses, totalMs: gc1.totalMs - gc0.totalMs } : null,
  };
}

const micro = (value: number | null) => (value === null ? '–' : String(Math.round(value)));

function runRow(scenario: string, index: number, run: Run): string {
  const { api, bare } = run;
  const gc = run.gc ? `${run.gc.totalMs.toFixed(0)} (${run.gc.pauses})` : '–';
  return (
    `| ${scenario} | ${index + 1} | ${api.p50} | **${api.p99}** | ${api.rps} | ${bare.p50} | ${bare.p99} | ${bare.rps} ` +
    `| ${ratio(api.p99, bare.p99)} | ${micro(run.apiCpuUs)} | ${micro(run.postgresCpuUs)} | ${gc} | ${api.errors + bare.errors} |`
  );
}

async function main() {
  const options = parseTrafficArguments(process.argv.slice(2), process.env);
  const queries = parseQueries(readFileSync(fromRoot(QUERIES_FILE), 'utf8'));
  let instance: Instance;
  let setup: string;
  if (options.start === 'embedded') {
    console.log('npm start on a fresh data folder (embedded PostgreSQL)…');
    instance = await startInstance('embedded', null);
    console.log('seed:large into the embedded database…');
    const seeding = performance.now();
    await seedLarge(instance.databaseUrl!);
    const version = await serverVersion(instance.databaseUrl!);
    setup = `\`npm start\` on a fresh data folder (embedded PostgreSQL ${version}), then \`npm run seed:large\` (${((performance.now() - seeding) / 1000).toFixed(0)} s) and VACUUM ANALYZE`;
  } else if (options.start === 'database') {
    console.log(`large catalogue in ${BENCH_DATABASE} on the server of DATABASE_URL…`);
    const databaseUrl = await prepareLargeCatalogue(options.databaseUrl!, BENCH_DATABASE);
    instance = await startInstance('database', databaseUrl);
    const version = await serverVersion(databaseUrl);
    setup = `\`npm start\` with DATABASE_URL (PostgreSQL ${version}, database ${BENCH_DATABASE}: demo and large catalogue, VACUUM ANALYZE), BullMQ on PostgreSQL`;
  } else {
    instance = {
      url: options.url,
      metricsUrls: options.metricsUrl ? [options.metricsUrl] : [],
      databaseUrl: options.databaseUrl,
      stop: async () => {},
    };
    setup = `the running instance at ${options.url}`;
  }
  // The site as a user finds it once its start's background work is done (the workers' walks of the
  // catalogue's orderings after a bulk import or on a new day take minutes on 221k games): not that work.
  if (options.start && instance.databaseUrl) {
    const waited = await untilDatabaseAtRest(instance.databaseUrl, { timeoutMs: 20 * 60_000 });
    console.log(`the site's database at rest after ${(waited / 1000).toFixed(0)} s`);
  }
  const apiPids = pidsListeningOn(Number(new URL(instance.url).port || 80));
  const databaseAddress = instance.databaseUrl ? new URL(instance.databaseUrl) : null;
  const database = databaseAddress ? decodeURIComponent(databaseAddress.pathname.slice(1)) : null;
  // Its server's postmaster, when on this machine: only its backends count (not another server's namesake).
  const postmaster = databaseAddress ? pidListeningOn(Number(databaseAddress.port || 5432)) : null;
  const backends = database ? { database, postmaster } : null;
  const gcCheck = await readGc({ metricsUrls: instance.metricsUrls, metricsToken: options.metricsToken });
  console.log(
    `API pids ${apiPids.join(', ') || '(not found: no API CPU)'}, database ${database ?? '(unknown: no PostgreSQL CPU)'} ` +
      `(postmaster ${postmaster ?? 'not found here'}), ` +
      `GC from ${gcCheck ? instance.metricsUrls.join(', ') : '(no nodejs_gc_duration_seconds: no GC figures)'}; ${queries.length} queries`,
  );

  const currentYear = new Date().getFullYear();
  const years = Array.from({ length: currentYear - 1970 + 2 }, (_, index) => 1970 + index);
  const scenarios = selectScenarios(trafficScenarios(years), options.only);
  // The number of pages of each list (the order does not change it), read once from the API itself.
  const pages = new Map<string, number>();
  const pagesOf = (list: string) => pages.get(list.replace(/&sortBy=\w+/, '')) ?? 0;
  for (const list of new Set(
    scenarios.flatMap((scenario) => scenario.lists ?? []).map((list) => list.replace(/&sortBy=\w+/, '')),
  )) {
    pages.set(list, await pageCount(instance.url, list));
  }
  const total = await pageCount(instance.url, '');
  console.log(`catalogue: ${total} pages of ${PAGE_SIZE} in the default list`);

  const rows: string[] = [];
  const summaries: string[] = [];
  const loadBefore = loadavg()[0];
  for (const [index, scenario] of scenarios.entries()) {
    if (scenario.lists && !scenario.lists.some((list) => pagesOf(list) > 0)) {
      // The large catalogue's IGDB records carry no genres: such a filter answers no game at all.
      console.log(`${scenario.name}: no game in any of its lists, skipped`);
      summaries.push(
        `| ${scenario.name} | no game in any of its lists on this catalogue: not measured | | | | | | | |`,
      );
      continue;
    }
    const paths = scenarioPaths(scenario, pagesOf, queries, PATHS_PER_SCENARIO, 100 + index);
    const barePaths = scenarioPaths(scenario, pagesOf, queries, BARE_ANSWERS, 900 + index);
    for (const client of options.clients) {
      const name = client === 'browser' ? scenario.name : `${scenario.name} (plain client)`;
      const bare = await startBare(instance.url, barePaths, client);
      try {
        const cursor = { next: 0 };
        const bareCursor = { next: 0 };
        if (options.warmupSeconds > 0) {
          // JIT, pools, the page anchors, the search index: not recorded; the cursor goes on, so no path repeats.
          const warmup = { connections: options.connections, duration: options.warmupSeconds, client };
          await measureLoad({ ...warmup, url: instance.url, paths, cursor });
          await measureLoad({ ...warmup, url: bare.url, paths: barePaths, cursor: bareCursor });
        }
        const runs: Run[] = [];
        for (let run = 0; run < options.runs; run++) {
          const measured = await measureRun(
            options,
            instance,
            apiPids,
            backends,
            paths,
            cursor,
            { url: bare.url, paths: barePaths, cursor: bareCursor },
            client,
          );
          runs.push(measured);
          const row = runRow(name, run, measured);
          console.log(row);
          rows.push(row);
        }
        summaries.push(summaryRow({ ...scenario, name }, runs));
      } finally {
        bare.stop();
      }
    }
  }
  const loadAfter = loadavg()[0];
  console.log(summaries.join('\n'));
  if (options.write) {
    const key = options.start ? `traffic-${options.start}` : 'traffic-running';
    writeSection(
      key,
      report(options, setup, queries.length, total, rows, summaries, [loadBefore, loadAfter]),
    );
    console.log(`docs/PERFORMANCE.md: section ${key} written`);
  }
}

async function serverVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0].server_version.split(' ')[0];
  } finally {
    await client.end();
  }
}

/** A scenario over its runs: the worst and median p99, and whether every run met the target. */
function summaryRow(scenario: Scenario, runs: Run[]): string {
  const p99s = runs.map((run) => run.api.p99);
  const ratios = runs.map((run) => (run.bare.p99 > 0 ? run.api.p99 / run.bare.p99 : 0));
  const throughputs = runs.map((run) => (run.bare.rps > 0 ? run.api.rps / run.bare.rps : 0));
  const gc = runs.map((run) => (run.gc ? run.gc.totalMs.toFixed(0) : '–')).join(', ');
  const met = p99s.every((p99) => p99 <= TARGET_P99_MS) ? 'yes' : 'no';
  return (
    `| ${scenario.name} | ${percentile(p99s, 0.5)} | ${Math.max(...p99s)} | ${percentile(ratios, 0.5).toFixed(1)} ` +
    `| ${percentile(throughputs, 0.5).toFixed(2)}x ` +
    `| ${micro(
      percentile(
        runs.map((run) => run.apiCpuUs ?? 0),
        0.5,
      ) || null,
    )} ` +
    `| ${micro(
      percentile(
        runs.map((run) => run.postgresCpuUs ?? 0),
        0.5,
      ) || null,
    )} | ${gc} | ${met} |`
  );
}

function report(
  options: TrafficOptions,
  setup: string,
  queryCount: number,
  totalPages: number,
  rows: string[],
  summaries: string[],
  [loadBefore, loadAfter]: number[],
): string {
  const title =
    options.start === 'embedded'
      ? 'embedded PostgreSQL (the default)'
      : options.start === 'database'
        ? 'PostgreSQL of DATABASE_URL'
        : 'a running instance';
  const databasePrefix =
    options.start === 'database' ? 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ' : '';
  const command = `npm run build && ${databasePrefix}npm run bench:traffic -- ${process.argv.slice(2).join(' ')}`;
  const short = options.seconds < 10 || options.runs < 3;
  return [
    `## What traffic does: random pages and searches, ${title}`,
    '',
    `Command: \`${command}\`: ${options.seconds} s per run and server, runs: ${options.runs}, ${options.connections} connections.`,
    ...(short
      ? ['', '**A short check run (under 10 s or fewer than 3 runs): its figures are indicative only.**']
      : []),
    '',
    `Run: ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end.`,
    '',
    `Instance: ${setup}; the settings a user runs (default log level, sampled access log, the supervisor's log`,
    `pipe read by the bench), measured once its database is at rest (no statement running for 3 s: the start's background work done). Catalogue: ${totalPages.toLocaleString('en')} pages of ${PAGE_SIZE} in the default list; a fifth`,
    "of the large catalogue's games carry a main-story length drawn for the bench (it has no time to beat; bench/large-catalogue.ts).",
    '',
    `Requests: each page drawn uniformly in its list's range, up to page ${DEEPEST_PAGE}; the filter scenarios draw the`,
    "filter's value (platform, genre, year) and the order at random for each request. Searches: one of the",
    `${queryCount.toLocaleString('en')} real queries of test/fixtures/search-queries (AOL 2006 game searches, see its README) at random`,
    `for each request. After a ${options.warmupSeconds} s warm-up of both servers, each run measures the API, then the bare`,
    `server (node:http writing the bytes the API answered to ${BARE_ANSWERS} of the scenario's paths, compressed as`,
    'the API compressed them for that client) for as long. Clients: a browser (`Accept-Encoding: gzip, deflate, br,',
    'zstd`, as Chromium sends and CDNs forward) by default; rows marked (plain client) send none (`--client`).',
    'Latencies in ms. CPU per request (µs): the API process, and the PostgreSQL backends of its database (from',
    '/proc, – when not on this machine). GC: total pause time (ms) and number of pauses of the API during the',
    "run, from its /metrics (`nodejs_gc_duration_seconds`, prom-client's perf_hooks observer of `gc` entries).",
    `Target: API p99 ≤ ${TARGET_P99_MS} ms at ${options.connections} connections.`,
    '',
    '| scenario | median p99 | worst p99 | median p99 ratio to bare | median req/s of bare | API CPU µs/req | PostgreSQL CPU µs/req | GC ms per run | p99 ≤ 50 ms every run |',
    '|---|---|---|---|---|---|---|---|---|',
    ...summaries,
    '',
    '| scenario | run | API p50 | API p99 | API req/s | bare p50 | bare p99 | bare req/s | p99 ratio | API CPU µs/req | PostgreSQL CPU µs/req | GC ms (pauses) | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

await runBench(main, cleanups);
