/**
 * News import latency through the worker's real import service (fetching layer, extractor, upsert):
 * median over RUNS imports of a server-rendered article (HTTP path) and of a JavaScript-rendered one
 * (headless Chromium path), both served by a local server on 127.0.0.1.
 *
 *   DATABASE_URL=postgres://... node dist/bench/news-import.js
 *
 * It migrates the database if needed and deletes the rows it created at the end. Each import waits out
 * the fetching layer's per-domain pause (1 s) before the clock starts, so the numbers are the import
 * itself. Settings: RUNS (9), CHROMIUM_PATH (/usr/bin/chromium).
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkersConfig } from '@veredicto/config';
import { migrateDatabase, NewsArticle, openDatabase } from '@veredicto/db';
import { writeSection } from './performance-report.js';
import { WorkerPageFetcher } from '../workers/src/common/page-fetcher.provider.js';
import { NewsImportService } from '../workers/src/news/news-import.service.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('DATABASE_URL is required');
const RUNS = Number(process.env.RUNS ?? '9');

const PARAGRAPH = 'El estudio ha explicado cómo construyó el sistema de combate y el diseño de sus niveles. ';
const STATIC_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Noticia estática | Banco</title>
<meta property="og:site_name" content="Banco de Pruebas"><meta property="article:published_time" content="2025-06-01T10:00:00Z"></head>
<body><article><h1>Noticia estática de rendimiento</h1><p>${PARAGRAPH.repeat(4)}</p><p>${PARAGRAPH.repeat(3)}</p><p>${PARAGRAPH}</p></article></body></html>`;
const SCRIPT_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Cargando…</title></head>
<body><div id="root"></div><script>
document.getElementById('root').innerHTML = '<article><h1>Noticia dinámica de rendimiento</h1>'
  + ${JSON.stringify(`<p>${PARAGRAPH.repeat(4)}</p><p>${PARAGRAPH.repeat(3)}</p><p>${PARAGRAPH}</p>`)} + '</article>';
</script></body></html>`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const server = http.createServer((request, response) => {
    const body = request.url === '/static' ? STATIC_PAGE : request.url === '/script' ? SCRIPT_PAGE : null;
    if (body) response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orm = await openDatabase({ databaseUrl: DATABASE_URL!, poolSize: 2 });
  await migrateDatabase(orm, DATABASE_URL!);
  const config = {
    PUBLIC_URL: 'http://localhost:3000',
    SCRAPER_ALLOWED_HOSTS: ['127.0.0.1'],
    CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  } as unknown as WorkersConfig;
  const pages = new WorkerPageFetcher(config);
  const service = new NewsImportService(orm, pages);
  const created = new Set<number>();

  try {
    const results: Record<string, number[]> = { http: [], browser: [] };
    for (const [path, expected] of [
      ['/static', 'http'],
      ['/script', 'browser'],
    ] as const) {
      // One unmeasured import: robots.txt lookup and, for the browser path, the Chromium launch.
      created.add((await service.importArticle(`${origin}${path}`)).newsId);
      for (let run = 0; run < RUNS; run++) {
        await sleep(1100);
        const started = performance.now();
        const result = await service.importArticle(`${origin}${path}`);
        results[expected].push(performance.now() - started);
        if (result.via !== expected) throw new Error(`${path} went through ${result.via}, not ${expected}`);
        created.add(result.newsId);
      }
    }
    writeSection(
      'news-import',
      [
        '## News import (one article, fetch → extract → store)',
        '',
        `Command: \`DATABASE_URL=… node dist/bench/news-import.js\` (the worker's import service on a local page; RUNS=${RUNS}).`,
        '',
        `Run: ${new Date().toISOString()}`,
        '',
        '| path | median | target |',
        '|---|---|---|',
        `| HTTP (server-rendered page) | ${median(results.http).toFixed(1)} ms | < 1 s |`,
        `| headless Chromium (JavaScript-rendered page) | ${median(results.browser).toFixed(1)} ms | < 3 s |`,
        '',
      ].join('\n'),
    );
    process.stdout.write(
      `news import, median of ${RUNS} runs:\n` +
        `  HTTP path:    ${median(results.http).toFixed(1)} ms\n` +
        `  browser path: ${median(results.browser).toFixed(1)} ms\n`,
    );
  } finally {
    await orm.em.fork().nativeDelete(NewsArticle, { id: { $in: [...created] } });
    await pages.onModuleDestroy();
    await orm.close(true);
    server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
