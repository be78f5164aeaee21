/**
 * The catalogue page statement alone (issue 28), on the large catalogue of bench:traffic's database
 * (veredicto_bench_traffic, made by `bench:traffic -- --start database` or here when missing): for each
 * single-filter ordering the traffic bench draws (the whole catalogue, each platform, some years, the
 * toggles) and each order, random pages across its range, each prepared and run under EXPLAIN (ANALYZE,
 * BUFFERS) with the generic plan the API's prepared statements use. Prints, per filter and order, the median
 * and worst execution time, the median shared buffers and the index the ids are found on, so a slow
 * filter says why whatever else the machine does.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node_modules/.bin/node dist/bench/catalogue-explain.js [--pages 15] [--seed 1]
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import pg from 'pg';
import { PLATFORMS } from '@veredicto/contract';
import {
  Game,
  openDatabase,
  type CatalogueFilters,
  type GameSort,
  type StoredPageIndex,
} from '@veredicto/db';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { random } from './search-queries.js';
import { storedIndex } from './stored-index.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const PAGES = argument('pages', 15);
const PAGE_SIZE = 50;
/** The traffic bench's pages: up to page 2000 of each list. */
const MAX_PAGE = 2000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** A parameter as a literal of EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The indexes the plan reads, outermost first. */
function indexesOf(node: PlanNode, found: string[] = []): string[] {
  if (node['Index Name'] && !found.includes(node['Index Name'])) found.push(node['Index Name']);
  for (const child of node.Plans ?? []) indexesOf(child, found);
  return found;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required (any database on the server)');
  const databaseUrl = await prepareLargeCatalogue(serverUrl, 'veredicto_bench_traffic');
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('set plan_cache_mode = force_generic_plan');
  const next = random(argument('seed', 1));
  const filters: { name: string; filters: CatalogueFilters }[] = [
    { name: 'whole catalogue', filters: {} },
    ...PLATFORMS.map((platform) => ({ name: platform.name, filters: { platform: platform.name } })),
    ...[1995, 2010, 2024].map((year) => ({ name: `year ${year}`, filters: { year } })),
    { name: 'scored', filters: { scored: true } },
    { name: 'add-ons too', filters: { addons: true } },
    { name: 'adult too', filters: { mature: true } },
  ];
  console.log(`load average (1 min): ${loadavg()[0].toFixed(1)}; ${PAGES} random pages per ordering`);
  console.log('| filter | order | pages | median execution (ms) | worst | median buffers | ids found on |');
  console.log('|---|---|---|---|---|---|---|');
  try {
    let statement = 0;
    for (const { name, filters: chosen } of filters) {
      for (const sort of ['releaseDate', 'avRatings', 'avUserRatings'] as GameSort[]) {
        const index: StoredPageIndex = await storedIndex(orm, { sort, filters: chosen });
        const pages = Math.min(MAX_PAGE, Math.ceil(index.total / PAGE_SIZE));
        const times: number[] = [];
        const buffers: number[] = [];
        const used = new Set<string>();
        for (let draw = 0; draw < PAGES && pages > 0; draw++) {
          const page = Math.floor(next() * pages);
          const query = orm.em
            .fork()
            .getRepository(Game)
            .pageQuery({ page, size: PAGE_SIZE, sortBy: sort, ...chosen }, index);
          if (!query) continue;
          const compiled = query.compile();
          const prepared = `explain_${++statement}`;
          await db.query(`prepare ${prepared} as ${compiled.sql}`);
          const args = (compiled.parameters as unknown[]).map(literal).join(', ');
          const { rows } = await db.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: PlanNode }[] }>(
            `explain (analyze, buffers, format json) execute ${prepared}${args ? `(${args})` : ''}`,
          );
          await db.query(`deallocate ${prepared}`);
          const plan = rows[0]['QUERY PLAN'][0];
          times.push(plan['Execution Time']);
          buffers.push(plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks']);
          for (const used_ of indexesOf(plan.Plan)) if (used_ !== 'games_pkey') used.add(used_);
        }
        const median = (values: number[]) =>
          [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
        console.log(
          `| ${name} | ${sort} | ${times.length} of ${pages} | ${median(times).toFixed(2)} | ${Math.max(0, ...times).toFixed(2)} | ${median(buffers)} | ${[...used].join(', ')} |`,
        );
      }
    }
  } finally {
    await db.end();
    await orm.close(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
