/**
 * Where the search's time goes: every benchmark query (bench/search-queries.ts) once through
 * searchGames (@veredicto/search, on the database) on the benchmark catalogue, one at a time on one connection, then the
 * percentiles and the slowest queries, to EXPLAIN ANALYZE them. Needs the catalogue that
 * `npm run bench:search` loads.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/veredicto_bench_search \
 *     npm run bench:search-profile -- [--limit 400] [--slowest 20]
 */
import 'reflect-metadata';
import { openDatabase } from '@veredicto/db';
import { searchGames } from '@veredicto/search';
import { searchQueries } from './search-queries.js';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL hace falta (la base de datos del banco de pruebas)');
  const queries = (await searchQueries(databaseUrl)).slice(0, argument('limit', 400));
  const orm = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    // Warm the caches and the connection, as the benchmark's earlier scenarios do.
    for (const query of queries.slice(0, 20)) await searchGames(orm.em.fork(), query, { page: 0, size: 20 });
    const timings: { query: string; ms: number; total: number }[] = [];
    for (const query of queries) {
      const started = performance.now();
      const { total } = await searchGames(orm.em.fork(), query, { page: 0, size: 20 });
      timings.push({ query, ms: performance.now() - started, total });
    }
    const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    console.log(
      `${timings.length} queries: p50 ${percentile(0.5).toFixed(1)} ms, p90 ${percentile(0.9).toFixed(1)} ms, ` +
        `p99 ${percentile(0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
    );
    for (const { query, ms, total } of timings.sort((a, b) => b.ms - a.ms).slice(0, argument('slowest', 20)))
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${String(total).padStart(6)} matches  ${query}`);
  } finally {
    await orm.close(true);
  }
}

await main();
