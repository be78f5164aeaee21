/**
 * Cached anonymous reads of the API against a bare node:http server writing the same bytes, side by side
 * in one run (issue 17). With `--before <dir>`, the same reads of an older build (a checkout of an earlier
 * commit compiled with `tsc -p tsconfig.build.json`, node_modules linked) are measured in the same run.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npm run bench:cached -- [--seconds 10] [--rounds 3] [--connections 32] [--before /tmp/veredicto-before]
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '@veredicto/config';
import { NewsArticle } from '@veredicto/db';
import { benchServerUrl, migratedBenchDatabase } from './bench-database.js';
import { benchApiEnv, QUIET_PRODUCTION } from './bench-api-env.js';
import { captureAnswers, start, startBareServer } from './bench-processes.js';
import { freePort } from './free-port.js';
import { measureLoad } from './load.js';
import { writeSection } from './performance-report.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const SECONDS = Number(argument('seconds') ?? 10);
const CONNECTIONS = Number(argument('connections') ?? 32);
const BEFORE = argument('before');
const NEWS_ARTICLES = 200;
const ROUNDS = Number(argument('rounds') ?? 3);
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function prepareDatabase(serverUrl: string): Promise<string> {
  const { databaseUrl, orm } = await migratedBenchDatabase(serverUrl, 'veredicto_bench_cached');
  const em = orm.em.fork();
  const news = em.getRepository(NewsArticle);
  if ((await news.count()) < NEWS_ARTICLES) {
    for (let index = 0; index < NEWS_ARTICLES; index++) {
      await news.upsertByLink({
        title: `Noticia de prueba número ${index + 1}: análisis, lanzamientos y novedades`,
        image: `https://images.example.com/noticia-${index}.jpg`,
        logo: null,
        publicationDate: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000),
        description: 'Un párrafo de la noticia con acentos y eñes, largo como los de verdad. '.repeat(4),
        description2: 'Segundo párrafo. '.repeat(6),
        description3: '',
        link: `https://medio.example.com/noticias/${index}`,
        medium: 'Medio de prueba',
        feedId: null,
      });
    }
  }
  await orm.close(true);
  return databaseUrl;
}

const measure = (url: string, duration = SECONDS) => measureLoad({ url, connections: CONNECTIONS, duration });

async function main() {
  const serverUrl = benchServerUrl();
  const databaseUrl = await prepareDatabase(serverUrl);
  const apiEnv = benchApiEnv(databaseUrl, 'bench_cached', {
    ...QUIET_PRODUCTION,
    SEED_DEMO: 'true',
    METRICS_PORT: '0',
  });
  const ports = new Map<string, number>();
  const apiPort = async (name: string, root: string): Promise<ChildProcess> => {
    const port = await freePort();
    ports.set(name, port);
    return start(join(root, 'dist/api/src/main.js'), { ...apiEnv, PORT: String(port) });
  };
  const children: ChildProcess[] = [];
  try {
    children.push(await apiPort('after', fromRoot('.')));
    if (BEFORE) children.push(await apiPort('before', BEFORE));
    const base = `http://127.0.0.1:${ports.get('after')}`;
    const [firstGame] = (await (await fetch(`${base}/api/games/last`)).json()) as { igdbID: number }[];
    const paths = {
      'catalogue page (`/api/games/all?page=0&size=20`)': '/api/games/all?page=0&size=20',
      'game detail (`/api/games/{id}`)': `/api/games/${firstGame.igdbID}`,
      'news list (`/api/news/all`)': '/api/news/all',
    };
    // The exact bytes the API answers are what the bare server writes.
    const { child: bare, port: barePort } = await startBareServer(
      await captureAnswers(base, Object.values(paths)),
    );
    children.push(bare);
    const rows: string[] = [];
    for (const [name, path] of Object.entries(paths)) {
      // The older build last in each round: a slow target keeps working through its backlog after its run.
      const targets: [string, string][] = [
        ['after', `${base}${path}`],
        ['bare', `http://127.0.0.1:${barePort}${path}`],
        ...(BEFORE
          ? ([['before', `http://127.0.0.1:${ports.get('before')}${path}`]] as [string, string][])
          : []),
      ];
      // Warm-up of each (JIT, pools, the cache), not recorded.
      for (const [, url] of targets) {
        await measure(url, 2);
        await pause(2000);
      }
      // The machine is shared: the targets take turns over several rounds and each keeps its median round,
      // so a burst of other work does not land on one target only.
      const rounds = new Map<string, Awaited<ReturnType<typeof measure>>[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const [label, url] of targets) {
          rounds.set(label, [...(rounds.get(label) ?? []), await measure(url)]);
          await pause(2000);
        }
      }
      const results = new Map(
        [...rounds].map(([label, runs]) => [
          label,
          [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)],
        ]),
      );
      const bareRps = Math.max(1, results.get('bare')!.rps);
      const cell = (label: string) => {
        const result = results.get(label);
        return result
          ? `${result.rps} (${(result.rps / bareRps).toFixed(2)}x), p50 ${result.p50} ms, p99 ${result.p99} ms`
          : '—';
      };
      const errors = [...results.values()].reduce((sum, result) => sum + result.errors, 0);
      const line = `| ${name} | ${cell('before')} | ${cell('after')} | ${results.get('bare')!.rps} | ${errors} |`;
      console.log(line);
      rows.push(line);
    }
    writeSection(
      'cached-reads',
      [
        '## Cached anonymous reads vs a bare node:http server writing the same bytes',
        '',
        `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, shared with other work; ` +
          `${ROUNDS} rounds of ${SECONDS} s per target (median round kept) after a 2 s warm-up, ${CONNECTIONS} connections (autocannon, no compression), demo catalogue + ${NEWS_ARTICLES} news articles.`,
        '',
        'Command: `npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cached -- --before <build of an earlier commit>`',
        '',
        `Run: ${new Date().toISOString()}`,
        '',
        'Each cell: requests per second (x = relative to the bare server in the same run), latencies. "Before" is',
        'the build given with `--before` (an earlier commit, named in the reading below); "after" is this build.',
        'Every answer of both is counted and timed for /metrics and carries its CDN headers. The bare server',
        'writes the very bytes the API answered.',
        '',
        '| read | before | after | bare node:http (req/s) | errors |',
        '|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
