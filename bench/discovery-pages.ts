/**
 * Deep outlet pages and best-of pages on the large catalogue (issue 27, docs/CONTRACT.md §15): random
 * pages of every outlet's reviews, the reads of every outlet page, and random pages of every best-of list
 * (years, year and platform, genres), 32 connections. Each scenario runs against the API as it runs (1 s
 * read cache), the same API with the read cache off and the bare baseline (node:http + the repositories'
 * own SQL, no framework or cache), one after the other in one run. Writes its section of
 * docs/PERFORMANCE.md.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node dist/bench/discovery-pages.js [--seconds 10] [--connections 32]
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import {
  BestOfRepository,
  GENRES_BY_SLUG,
  openDatabase,
  OutletPagesRepository,
  PLATFORMS,
  repository,
} from '@veredicto/db';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { measureLoad, type Measure } from './load.js';
import { cpuMs, postgresCpuMs } from './process-cpu.js';
import { writeSection } from './performance-report.js';
import { random } from './search-queries.js';
import { benchServerUrl } from './bench-database.js';
import { benchApiEnv, QUIET_PRODUCTION } from './bench-api-env.js';
import { start } from './bench-processes.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = argument('seconds', 10);
const CONNECTIONS = argument('connections', 32);
const DATABASE = 'veredicto_bench_discovery';
const PATHS_PER_SCENARIO = 50_000;
const TARGET_P99_MS = 50;
const OUTLET_PAGE_SIZE = 20;
const BEST_OF_PAGE_SIZE = 50;

/** The outlets with a page and how many reviews each has. */
async function outlets(databaseUrl: string): Promise<{ slug: string; reviews: number }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; reviews: number }>(
      'select slug, review_count::int as reviews from outlets where review_count > 0 and slug is not null order by id',
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Every best-of list (the sitemap's) with its number of games, as query strings. */
async function bestOfLists(databaseUrl: string): Promise<{ query: string; total: number }[]> {
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const lists = repository(orm.em.fork(), BestOfRepository);
    const { years, yearPlatforms, genres } = await lists.listsWithGames();
    const idOf = (name: string) => PLATFORMS.find((platform) => platform.name === name)?.id;
    const slugs = [...GENRES_BY_SLUG.entries()]
      .filter(([, genre]) => genre.igdbNames.some((name) => genres.includes(name)))
      .map(([slug]) => slug);
    const queries = [
      ...years.map((year) => ({ query: `year=${year}`, filter: { year } })),
      ...yearPlatforms
        .filter(({ platform }) => idOf(platform))
        .map(({ year, platform }) => ({
          query: `year=${year}&platform=${idOf(platform)}`,
          filter: { year, platform },
        })),
      ...slugs.map((slug) => ({ query: `genre=${slug}`, filter: { genre: GENRES_BY_SLUG.get(slug) } })),
    ];
    const counted: { query: string; total: number }[] = [];
    for (const { query, filter } of queries)
      counted.push({
        query,
        total: (await repository(orm.em.fork(), BestOfRepository).findPage(filter, 0, 1)).total,
      });
    return counted.filter((list) => list.total > 0);
  } finally {
    await orm.close(true);
  }
}

/**
 * One connection of the bench's own for its questions to the database (PostgreSQL here is shared and runs
 * short of connections: a new one per question failed with "too many clients").
 */
let monitor: pg.Client;

/** Waits until no statement of an earlier run is still running on the benchmark's database. */
async function untilDatabaseIdle(): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    const { rows } = await monitor.query<{ running: number }>(
      `select count(*)::int as running from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (rows[0].running === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process ids of the PostgreSQL backends connected to the benchmark's database. */
async function backendsOf(): Promise<Set<number>> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Set(rows.map((row) => Number(row.pid)));
}

interface Run extends Measure {
  /** CPU µs per request of the server process and of its database's PostgreSQL backends ('–' without /proc). */
  serverCpu: string;
  postgresCpu: string;
}

/**
 * A measured run with the CPU time per request of the server and of the PostgreSQL backends of the
 * benchmark's database (the machine's other databases, busy with other work, left out).
 */
async function measureWithCpu(
  databaseUrl: string,
  server: ChildProcess,
  port: number,
  paths: string[],
  cursor: { next: number },
): Promise<Run> {
  await untilDatabaseIdle();
  const backendsBefore = await backendsOf();
  const [server0, postgres0] = [cpuMs(server.pid!), postgresCpuMs()];
  const result = await measureLoad({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    paths,
    cursor,
  });
  const [server1, postgres1] = [cpuMs(server.pid!), postgresCpuMs()];
  const backends = new Set([...backendsBefore, ...(await backendsOf())]);
  // Each backend's own difference (one that started meanwhile, all of its time; one that ended, left out).
  let postgres = 0;
  for (const [pid, time] of postgres1) if (backends.has(pid)) postgres += time - (postgres0.get(pid) ?? 0);
  const requests = result.rps * SECONDS;
  const perRequest = (milliseconds: number | null) =>
    milliseconds === null || !requests ? '–' : String(Math.round((milliseconds * 1000) / requests));
  return {
    ...result,
    serverCpu: perRequest(server0 === null || server1 === null ? null : server1 - server0),
    postgresCpu: perRequest(postgres1.size ? postgres : null),
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/** The repositories' own time for the same reads, one at a time on one connection (ms). */
async function sqlTimes(
  databaseUrl: string,
  outletList: { slug: string; reviews: number }[],
  lists: { query: string; total: number }[],
): Promise<string[]> {
  const orm = await openDatabase({ databaseUrl, poolSize: 1 });
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  try {
    const next = random(31);
    const reviews: number[] = [];
    const detail: number[] = [];
    for (let request = 0; request < 300; request++) {
      const outlet = outletList[Math.floor(next() * outletList.length)];
      const pages = repository(orm.em.fork(), OutletPagesRepository);
      const page = Math.floor(next() * Math.ceil(outlet.reviews / OUTLET_PAGE_SIZE));
      reviews.push(await time(() => pages.reviewsPageBySlug(outlet.slug, page, OUTLET_PAGE_SIZE)));
      detail.push(await time(() => pages.differencesBySlug(outlet.slug, 5)));
    }
    const bestOf: number[] = [];
    for (let request = 0; request < 300; request++) {
      const list = lists[Math.floor(next() * lists.length)];
      const params = new URLSearchParams(list.query);
      const platform = PLATFORMS.find((entry) => entry.id === params.get('platform'))?.name;
      const page = Math.floor(next() * Math.ceil(list.total / BEST_OF_PAGE_SIZE));
      bestOf.push(
        await time(() =>
          repository(orm.em.fork(), BestOfRepository).findPage(
            {
              year: params.get('year') ? Number(params.get('year')) : undefined,
              platform,
              genre: params.get('genre') ? GENRES_BY_SLUG.get(params.get('genre')!) : undefined,
            },
            page,
            BEST_OF_PAGE_SIZE,
          ),
        ),
      );
    }
    const line = (name: string, values: number[]) =>
      `| ${name} | ${percentile(values, 0.5).toFixed(1)} | ${percentile(values, 0.99).toFixed(1)} |`;
    return [
      line('outlet reviews page (outlet, page and count: one statement)', reviews),
      line('outlet differences (outlet, histogram and extreme calls: one statement)', detail),
      line('best-of page (page and count)', bestOf),
    ];
  } finally {
    await orm.close(true);
  }
}

async function main() {
  const serverUrl = benchServerUrl();
  const databaseUrl = await prepareLargeCatalogue(serverUrl, DATABASE);
  // Settled statistics and visibility maps for what these pages read, as autovacuum leaves them (the
  // machine's PostgreSQL runs without it): prepareLargeCatalogue sees to the games table.
  monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  for (const table of ['media_reviews', 'outlet_game_scores', 'outlets'])
    await monitor.query(`vacuum analyze ${table}`);
  const outletList = await outlets(databaseUrl);
  const lists = await bestOfLists(databaseUrl);
  if (outletList.length < 100 || lists.length < 50)
    throw new Error(`only ${outletList.length} outlets and ${lists.length} best-of lists`);
  const next = random(11);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const outletReviews = Array.from({ length: PATHS_PER_SCENARIO }, () => {
    const outlet = pick(outletList);
    const page = Math.floor(next() * Math.ceil(outlet.reviews / OUTLET_PAGE_SIZE));
    return `/api/outlets/${outlet.slug}/reviews?page=${page}&size=${OUTLET_PAGE_SIZE}`;
  });
  const outletPages = Array.from({ length: PATHS_PER_SCENARIO }, (_, index) => {
    const outlet = pick(outletList);
    return index % 2 ? `/api/outlets/${outlet.slug}` : `/api/outlets/${outlet.slug}/differences`;
  });
  const bestOfPages = Array.from({ length: PATHS_PER_SCENARIO }, () => {
    const list = pick(lists);
    const page = Math.floor(next() * Math.ceil(list.total / BEST_OF_PAGE_SIZE));
    return `/api/games/best-of?${list.query}&page=${page}&size=${BEST_OF_PAGE_SIZE}`;
  });
  const apiEnv = benchApiEnv(databaseUrl, 'bench_discovery', {
    ...QUIET_PRODUCTION,
    // Five connections each (the default is ten): the machine's PostgreSQL is shared and near its limit.
    DATABASE_POOL_SIZE: '5',
  });
  const servers: ChildProcess[] = [];
  const rows: string[] = [];
  const loadBefore = loadavg()[0];
  try {
    servers.push(await start('dist/api/src/main.js', { ...apiEnv, PORT: '3220' }));
    servers.push(await start('dist/api/src/main.js', { ...apiEnv, PORT: '3222', READ_CACHE_TTL_MS: '0' }));
    servers.push(
      await start('dist/bench/baseline-server.js', {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '5',
        PORT: '3221',
      }),
    );
    const scenarios: [string, string[]][] = [
      [`outlet reviews, random deep pages (${outletList.length} outlets)`, outletReviews],
      [`outlet page reads (detail, differences; ${outletList.length} outlets)`, outletPages],
      [`best-of, random deep pages (${lists.length} lists)`, bestOfPages],
    ];
    const ports = [3220, 3222, 3221];
    for (const [name, paths] of scenarios) {
      const cursor = { next: 0 };
      for (const port of ports) {
        await untilDatabaseIdle();
        await measureLoad({
          url: `http://127.0.0.1:${port}`,
          connections: CONNECTIONS,
          duration: 2,
          paths,
          cursor,
        });
      }
      const runs: Run[] = [];
      for (const [index, port] of ports.entries())
        runs.push(await measureWithCpu(databaseUrl, servers[index], port, paths, cursor));
      const [ours, raw, bare] = runs;
      const verdict = Math.max(ours.p99, raw.p99) <= TARGET_P99_MS ? 'yes' : 'no';
      const line =
        `| ${name} | ${ours.p50} | ${ours.p99} | ${ours.rps} | ${raw.p50} | ${raw.p99} | ${raw.rps} ` +
        `| ${raw.serverCpu} | ${raw.postgresCpu} | ${bare.p50} | ${bare.p99} | ${bare.rps} | ${bare.serverCpu} ` +
        `| ${bare.postgresCpu} | ${ours.errors + raw.errors + bare.errors} | ${verdict} |`;
      console.log(line);
      rows.push(line);
    }
  } finally {
    for (const child of servers) child.kill('SIGTERM');
  }
  const loadAfter = loadavg()[0];
  const sqlRows = await sqlTimes(databaseUrl, outletList, lists);
  await monitor.end();
  for (const line of sqlRows) console.log(line);
  writeSection(
    'discovery-pages',
    [
      '## Deep outlet pages and best-of pages (issue 27)',
      '',
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
        'shared with other work while measured; PostgreSQL from DATABASE_URL; large catalogue (demo + 194,180 ' +
        `games, 76,204 media reviews of 476 outlets); ${SECONDS} s per server and scenario after a 2 s warm-up, ` +
        `${CONNECTIONS} connections.`,
      '',
      'Command: `npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/bench/discovery-pages.js`',
      '',
      `Run: ${new Date().toISOString()}`,
      '',
      `Paths: ${PATHS_PER_SCENARIO.toLocaleString('en')} per scenario from a fixed pseudo-random sequence, read on from`,
      `where the previous run stopped: an outlet drawn at random and a page of its reviews (${OUTLET_PAGE_SIZE} a page)`,
      'uniformly to its last; the two reads of an outlet page besides its reviews (its figures, and its',
      'differences chart with its most generous and harshest calls); a best-of list drawn at random among every',
      `year, year and platform, and genre list with games, and a page of it (${BEST_OF_PAGE_SIZE} a page) uniformly to its last.`,
      'Columns: the API as it runs (anonymous reads cached 1 s); the same API with `READ_CACHE_TTL_MS=0`; the bare',
      "baseline (node:http and the repositories' own SQL, no framework, validation or cache). Each run starts once",
      `no statement of an earlier one runs on the database. Latencies in ms; target: p99 at or under ${TARGET_P99_MS} ms`,
      'for the API with and without its read cache; every server holds five database connections. The CPU columns (µs per request, from /proc) are what the',
      "server process and its database's PostgreSQL backends spent per request of the run: the cost of a request",
      'whatever else the shared machine runs, where the latencies also measure the queue.',
      '',
      '| scenario | API p50 | API p99 | API req/s | no-cache p50 | no-cache p99 | no-cache req/s | no-cache CPU µs/req | its PostgreSQL µs/req | bare p50 | bare p99 | bare req/s | bare CPU µs/req | its PostgreSQL µs/req | errors | p99 ≤ 50 ms |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `Load average of the machine (1 min) at the start and end of the HTTP runs: ${loadBefore.toFixed(1)} and`,
      `${loadAfter.toFixed(1)} on ${cpus().length} cores, shared with other work. The repositories' time for the same`,
      'reads, one at a time on one connection (ms):',
      '',
      '| read | p50 | p99 |',
      '|---|---|---|',
      ...sqlRows,
      '',
    ].join('\n'),
  );
}

await main();
process.exit(0);
