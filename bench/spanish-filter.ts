/**
 * The Spanish filters on the large catalogue (issue 25): random catalogue pages and random searches with
 * `spanish=audio` and `spanish=text`, beside the same reads without the filter in the same run, against
 * the API as it runs and the same API with its read cache off, on the long-tail bench's database (demo +
 * 194,180 games; only the demo's Steam language data gives verdicts). Writes its section of
 * docs/PERFORMANCE.md, with the machine's load average.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node dist/bench/spanish-filter.js [--seconds 10] [--connections 32] [--database veredicto_bench_search]
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { Game, openDatabase, type SpanishFilter } from '@veredicto/db';
import { searchGames, SearchIndexStore } from '@veredicto/search';
import { storedIndex } from './stored-index.js';
import { benchServerUrl } from './bench-database.js';
import { benchApiEnv, QUIET_PRODUCTION } from './bench-api-env.js';
import { measureLoadWithCpu, start, startOrderingWorkers, untilDatabaseIdle } from './bench-processes.js';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { measureLoad } from './load.js';
import { writeSection } from './performance-report.js';
import { random, searchQueries } from './search-queries.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = argument('seconds', 10);
const CONNECTIONS = argument('connections', 32);
/** The long-tail bench's database: prepared once, shared (`--database` for one of one's own). */
const DATABASE = process.argv.includes('--database')
  ? process.argv[process.argv.indexOf('--database') + 1]
  : 'veredicto_bench_search';
const DEEPEST_PAGE = 2000;
const PATHS_PER_SCENARIO = 50_000;
const TARGET_P99_MS = 50;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/** How many games each filter keeps, and queries that find some of them (their titles' first words). */
async function spanishFacts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ games: number; audio: number; text: number }>(
      `select count(*)::int as games, count(*) filter (where spanish_audio = 'yes')::int as audio,
         count(*) filter (where spanish_text = 'yes')::int as text from games`,
    );
    const titles = await client.query<{ title: string }>(
      `select title from games where spanish_text = 'yes' and length(title) between 4 and 60
       order by md5(igdb_id::text) limit 500`,
    );
    const spanishQueries = titles.rows.flatMap(({ title }) => {
      const words = title
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9 ]/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      return words.length ? [words.join(' '), words.slice(0, 2).join(' ')] : [];
    });
    return { ...rows[0], spanishQueries: [...new Set(spanishQueries)] };
  } finally {
    await client.end();
  }
}

/** The database's own time of filtered reads, one at a time on one connection (ms). */
async function sqlTimes(databaseUrl: string, queries: string[]): Promise<string[]> {
  // Two connections: loading the search index runs two reads at once.
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  const games = () => orm.em.fork().getRepository(Game);
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const lines: string[] = [];
  try {
    for (const spanish of [undefined, 'audio', 'text'] as (SpanishFilter | undefined)[]) {
      const index = await storedIndex(orm, { sort: 'releaseDate' as const, filters: { spanish } });
      const next = random(31);
      const anchored: number[] = [];
      const offset: number[] = [];
      for (let request = 0; request < 200; request++) {
        const page = Math.floor(next() * Math.min(DEEPEST_PAGE, Math.ceil(index.total / 50)));
        const query = { page, size: 50, sortBy: 'releaseDate' as const, spanish };
        anchored.push(await time(() => games().findPage(query, index)));
        offset.push(await time(() => games().findPage(query)));
      }
      const count = await time(() => games().countGames({ spanish }));
      lines.push(
        `| page, releaseDate${spanish ? `, spanish=${spanish}` : ''} (${index.total.toLocaleString('en')} games) ` +
          `| ${percentile(anchored, 0.5).toFixed(1)} | ${percentile(anchored, 0.99).toFixed(1)} ` +
          `| ${percentile(offset, 0.5).toFixed(1)} | ${percentile(offset, 0.99).toFixed(1)} | ${count.toFixed(1)} |`,
      );
    }
    const store = new SearchIndexStore();
    await store.load(orm.em.fork(), 'write');
    for (const spanish of [undefined, 'audio', 'text'] as (SpanishFilter | undefined)[]) {
      const statement: number[] = [];
      const inMemory: number[] = [];
      for (const query of queries.slice(0, 300)) {
        const page = { page: 0, size: 20, spanish };
        statement.push(await time(() => searchGames(orm.em.fork(), query, page)));
        inMemory.push(
          await time(() =>
            store.search(orm.em.fork(), (index) => searchGames(orm.em.fork(), query, page, index)),
          ),
        );
      }
      lines.push(
        `| search${spanish ? `, spanish=${spanish}` : ''} (300 queries): index in memory / database statement ` +
          `| ${percentile(inMemory, 0.5).toFixed(1)} | ${percentile(inMemory, 0.99).toFixed(1)} ` +
          `| ${percentile(statement, 0.5).toFixed(1)} | ${percentile(statement, 0.99).toFixed(1)} | – |`,
      );
    }
  } finally {
    await orm.close(true);
  }
  return lines;
}

function randomPages(seed: number, pages: number, query: string): string[] {
  const next = random(seed);
  return Array.from(
    { length: PATHS_PER_SCENARIO },
    () => `/api/games/all?page=${Math.floor(next() * pages)}&size=50${query}`,
  );
}

function randomSearches(seed: number, queries: string[], query: string): string[] {
  const next = random(seed);
  return Array.from(
    { length: PATHS_PER_SCENARIO },
    () =>
      `/api/games/search?name=${encodeURIComponent(queries[Math.floor(next() * queries.length)])}${query}`,
  );
}

async function main() {
  const serverUrl = benchServerUrl();
  const databaseUrl = await prepareLargeCatalogue(serverUrl, DATABASE);
  const facts = await spanishFacts(databaseUrl);
  if (facts.audio === 0 || facts.text === 0)
    throw new Error('no game has a Spanish verdict: no language data');
  // Searches people type (any title), and as many that find games with Spanish texts.
  const queries = [...(await searchQueries(databaseUrl)), ...facts.spanishQueries];
  const pagesOf = (total: number) => Math.min(DEEPEST_PAGE, Math.ceil(total / 50));
  const apiEnv = benchApiEnv(databaseUrl, 'bench_spanish', QUIET_PRODUCTION);
  const servers: ChildProcess[] = [];
  try {
    // Only the API with its read cache off: random pages nearly always miss a 1 s cache anyway, and one
    // API process keeps the bench within a shared server's connections.
    servers.push(await startOrderingWorkers(apiEnv, databaseUrl));
    const api = await start('dist/api/src/main.js', { ...apiEnv, PORT: '3482', READ_CACHE_TTL_MS: '0' });
    servers.push(api);
    const scenarios: [string, string[]][] = [
      ['catalogue, random pages, no filter', randomPages(1, DEEPEST_PAGE, '')],
      ['catalogue, random pages, spanish=audio', randomPages(2, pagesOf(facts.audio), '&spanish=audio')],
      ['catalogue, random pages, spanish=text', randomPages(3, pagesOf(facts.text), '&spanish=text')],
      [
        'catalogue, random pages, spanish=text, sortBy=avRatings',
        randomPages(4, pagesOf(facts.text), '&spanish=text&sortBy=avRatings'),
      ],
      [`search, ${queries.length} distinct queries, no filter`, randomSearches(5, queries, '')],
      [
        `search, ${queries.length} distinct queries, spanish=audio`,
        randomSearches(6, queries, '&spanish=audio'),
      ],
      [
        `search, ${queries.length} distinct queries, spanish=text`,
        randomSearches(7, queries, '&spanish=text'),
      ],
    ];
    const rows: string[] = [];
    const loadBefore = loadavg();
    for (const [name, paths] of scenarios) {
      const cursor = { next: 0 };
      await untilDatabaseIdle(databaseUrl);
      await measureLoad({
        url: 'http://127.0.0.1:3482',
        connections: CONNECTIONS,
        duration: 2,
        paths,
        cursor,
      });
      const raw = await measureLoadWithCpu({
        server: api,
        url: 'http://127.0.0.1:3482',
        paths,
        cursor,
        connections: CONNECTIONS,
        seconds: SECONDS,
        databaseUrl,
      });
      const line =
        `| ${name} | ${raw.p50} | ${raw.p99} | ${raw.rps} | ${raw.serverCpu} | ${raw.postgresCpu} ` +
        `| ${raw.errors} | ${raw.p99 <= TARGET_P99_MS ? 'yes' : 'no'} |`;
      console.log(line);
      rows.push(line);
    }
    const loadAfter = loadavg();
    // A shared server's connections come and go (other work drops them): the database times are a bonus
    // to the HTTP figures, and their failure is written down instead of losing the run.
    const sqlRows = await sqlTimes(databaseUrl, queries).catch((error: unknown) => [
      `| not measured: ${String(error).split('\n')[0]} | – | – | – | – | – |`,
    ]);
    for (const line of sqlRows) console.log(line);
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
    writeSection(
      'spanish-filter',
      [
        '## Spanish filters (`spanish=audio|text`) on the large catalogue',
        '',
        `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
          'shared with other work while measured; PostgreSQL from DATABASE_URL; large catalogue ' +
          `(${facts.games.toLocaleString('en')} games, ${facts.audio.toLocaleString('en')} with ` +
          `Spanish voices, ${facts.text.toLocaleString('en')} with Spanish texts); ${SECONDS} s per server and ` +
          `scenario after a 2 s warm-up, ${CONNECTIONS} connections.`,
        '',
        'Command: `npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/bench/spanish-filter.js`',
        '',
        `Run: ${new Date().toISOString()}`,
        '',
        `Paths: ${PATHS_PER_SCENARIO.toLocaleString('en')} per scenario from a fixed pseudo-random sequence:`,
        `pages uniformly over the filtered result (at most ${DEEPEST_PAGE} pages of 50), searches drawn from the`,
        "long-tail bench's queries plus the first words of titles with Spanish texts (so the filtered searches",
        'find something). The unfiltered rows are the same reads in the same run, for comparison (the',
        'filtered catalogue walks the partial indexes',
        '`games_spanish_{audio,text}_*_idx`; the search filters in its index in memory). Measured on the API',
        'with its read cache off (READ_CACHE_TTL_MS=0: every request runs its queries), the long tail itself.',
        `Target: p99 at or under ${TARGET_P99_MS} ms, as for the catalogue's other filters. The CPU columns are the`,
        'CPU time the API process and all of PostgreSQL spent per request (from /proc): what a request costs',
        'whatever else shares the machine, where the latencies also measure the queue.',
        '',
        '| scenario | p50 | p99 | req/s | API CPU µs/req | PostgreSQL CPU µs/req | errors | p99 ≤ 50 ms |',
        '|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
        `Load average of the machine (1 / 5 / 15 min) at the start of the HTTP runs: ${load(loadBefore)}; at`,
        `their end: ${load(loadAfter)}, on ${cpus().length} cores shared with the load generator, the API process,`,
        "PostgreSQL and other helpers' work. The database time of the same reads, one at a time on one connection",
        '(ms):',
        '',
        '| read | with anchors (search: in memory) p50 | p99 | plain OFFSET (search: statement) p50 | p99 | count |',
        '|---|---|---|---|---|---|',
        ...sqlRows,
        '',
      ].join('\n'),
    );
  } finally {
    for (const child of servers) child.kill('SIGTERM');
  }
}

await main();
process.exit(0);
