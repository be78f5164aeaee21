/**
 * The feed's statement alone (issue 24), on the database bench/feed.ts builds (run that once first): the
 * reader's first page and the pages further down by their cursors, each run under EXPLAIN (ANALYZE,
 * BUFFERS) on one connection, several times in turn, so the figures say what the statement costs whatever
 * the other work of the machine (the HTTP bench's percentiles do not). Prints the median execution time and
 * the shared buffers of each page, and with --plan the plan of the first page and of the deepest one.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node_modules/.bin/node dist/bench/feed-explain.js [--runs 9] [--pages 20] [--plan]
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  ActivityRepository,
  migrateDatabase,
  openDatabase,
  repository,
  User,
  type ActivityCursor,
} from '@veredicto/db';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const RUNS = argument('runs', 9);
const PAGES = argument('pages', 20);
const PAGE_SIZE = 20;
/** The bench's own database on the server (FEED_BENCH_DATABASE names another, e.g. one per worktree). */
const DATABASE = process.env.FEED_BENCH_DATABASE ?? 'veredicto_bench_feed';

interface Plan {
  'Execution Time': number;
  'Planning Time': number;
  Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required (any database on the server)');
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const orm = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  // The schema of this build (the feed bench's run may predate a migration of the feed).
  await migrateDatabase(orm, url.toString());
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const em = orm.em.fork();
    const reader = await em.findOne(User, { username: 'feed_reader' }, { fields: ['id'] });
    if (!reader) throw new Error('no feed_reader: run dist/bench/feed.js once first');
    const activity = repository(em, ActivityRepository);
    // The cursors a reader scrolling down meets, as the API makes them (a page of 20 read with one more row).
    const cursors: (ActivityCursor | null)[] = [null];
    for (let page = 1; page < PAGES; page++) {
      const rows = await activity.feedPage(reader.id, cursors[page - 1], PAGE_SIZE + 1);
      if (rows.length <= PAGE_SIZE) break;
      const last = rows[PAGE_SIZE - 1];
      cursors.push({ micros: last.micros, kind: last.kind, sourceId: last.sourceId });
    }
    const times: number[][] = cursors.map(() => []);
    const buffers: number[] = cursors.map(() => 0);
    for (let run = 0; run < RUNS; run++) {
      for (const [page, cursor] of cursors.entries()) {
        const compiled = activity.feedQuery(reader.id, cursor, PAGE_SIZE + 1).compile();
        const { rows } = await db.query<{ 'QUERY PLAN': Plan[] }>(
          `explain (analyze, buffers, format json) ${compiled.sql}`,
          compiled.parameters as unknown[],
        );
        const plan = rows[0]['QUERY PLAN'][0];
        times[page].push(plan['Execution Time']);
        buffers[page] = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`load average (1 min): ${loadavg()[0].toFixed(1)}; ${RUNS} runs of each page, in turn`);
    console.log('| page | median execution (ms) | min | max | shared buffers |');
    console.log('|---|---|---|---|---|');
    for (const [page] of cursors.entries()) {
      const sorted = [...times[page]].sort((a, b) => a - b);
      console.log(
        `| ${page + 1} | ${median(sorted).toFixed(2)} | ${sorted[0].toFixed(2)} | ${sorted[sorted.length - 1].toFixed(2)} | ${buffers[page]} |`,
      );
    }
    if (process.argv.includes('--plan')) {
      for (const page of [0, cursors.length - 1]) {
        const compiled = activity.feedQuery(reader.id, cursors[page], PAGE_SIZE + 1).compile();
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${compiled.sql}`,
          compiled.parameters as unknown[],
        );
        console.log(`\npage ${page + 1}:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await db.end();
    await orm.close(true);
  }
}

await main();
process.exit(0);
