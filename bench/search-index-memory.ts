/**
 * What the search index in memory costs the garbage collector (issue 28): the heap after loading it on
 * the large catalogue, the time of a full collection with it loaded, and the bytes allocated and the
 * collectors' pauses while the benchmark's queries run through it (with and without the Spanish
 * filters), 8 searches in flight on one process. Run with --expose-gc.
 *
 * Allocation is read from V8's GC profiler (v8.GCProfiler): the heap used before each collection minus
 * the heap used after the previous one, summed, plus the growth after the last one. That counts every
 * byte the searches allocated on the JS heap (the page rows read from PostgreSQL included), not the
 * typed arrays' off-heap stores.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npm run bench:search-memory -- [--database veredicto_bench_search] [--rounds 2]
 */
import 'reflect-metadata';
import v8 from 'node:v8';
import { openDatabase, type SpanishFilter } from '@veredicto/db';
import { searchGames, SearchIndexStore } from '@veredicto/search';
import { benchServerUrl } from './bench-database.js';
import { prepareLargeCatalogue } from './large-catalogue.js';
import { searchQueries } from './search-queries.js';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const IN_FLIGHT = 8;
const MB = 2 ** 20;

interface GcStatistics {
  gcType: string;
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
}

async function main() {
  const serverUrl = benchServerUrl();
  const databaseUrl = await prepareLargeCatalogue(serverUrl, argument('database', 'veredicto_bench_search'));
  const queries = await searchQueries(databaseUrl);
  const orm = await openDatabase({ databaseUrl, poolSize: IN_FLIGHT });
  try {
    collect();
    const empty = process.memoryUsage();
    const store = new SearchIndexStore();
    const loadStarted = performance.now();
    await store.load(orm.em.fork(), 'write');
    const loadMs = performance.now() - loadStarted;
    collect();
    const loaded = process.memoryUsage();
    const fullStarted = performance.now();
    collect();
    const fullGcMs = performance.now() - fullStarted;
    console.log(
      `index loaded in ${Math.round(loadMs)} ms: heap used +${((loaded.heapUsed - empty.heapUsed) / MB).toFixed(1)} MB, ` +
        `array buffers +${((loaded.arrayBuffers - empty.arrayBuffers) / MB).toFixed(1)} MB; ` +
        `a full collection takes ${fullGcMs.toFixed(1)} ms`,
    );
    const rounds = Number(argument('rounds', '2'));
    for (const spanish of [undefined, 'audio', 'text'] as (SpanishFilter | undefined)[]) {
      const paths = Array.from({ length: rounds }, () => queries).flat();
      // Warm-up: the code optimised and the connections' statements prepared.
      for (const query of queries.slice(0, 200))
        await store.search(orm.em.fork(), (index) =>
          searchGames(orm.em.fork(), query, { page: 0, size: 20, spanish }, index),
        );
      collect();
      const profiler = new v8.GCProfiler();
      const heapBefore = process.memoryUsage().heapUsed;
      profiler.start();
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < paths.length) {
            const query = paths[next++];
            await store.search(orm.em.fork(), (index) =>
              searchGames(orm.em.fork(), query, { page: 0, size: 20, spanish }, index),
            );
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const heapAfter = process.memoryUsage().heapUsed;
      const { statistics } = profiler.stop() as unknown as { statistics: GcStatistics[] };
      let allocated = 0;
      let previous = heapBefore;
      for (const gc of statistics) {
        allocated += gc.beforeGC.heapStatistics.usedHeapSize - previous;
        previous = gc.afterGC.heapStatistics.usedHeapSize;
      }
      allocated += heapAfter - previous;
      const pauses = statistics.map((gc) => gc.cost / 1000);
      const major = statistics.filter((gc) => gc.gcType !== 'Scavenge');
      console.log(
        `| search${spanish ? `, spanish=${spanish}` : ''} | ${paths.length} | ${Math.round(paths.length / seconds)} ` +
          `| ${(((allocated / paths.length) * 1000) / MB).toFixed(1)} | ${statistics.length} (${major.length} major) ` +
          `| ${pauses.reduce((sum, ms) => sum + ms, 0).toFixed(0)} | ${Math.max(0, ...pauses).toFixed(1)} |`,
      );
    }
  } finally {
    await orm.close(true);
  }
}

await main();
process.exit(0);
