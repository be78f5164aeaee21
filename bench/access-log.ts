/**
 * What access lines cost under load (issue 28): the same build started three times, its output read through
 * a pipe as the supervisor's terminal reads it, with no access lines (`LOG_LEVEL=warn`), with the default
 * (every failed or slow request, and ACCESS_LOG_SAMPLE_RATE of the rest) and with a line for every request
 * (`ACCESS_LOG_SAMPLE_RATE=1`), side by side with a bare node:http server writing the same bytes.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node dist/bench/access-log.js [--seconds 10] [--rounds 3] [--connections 32]
 */
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fromRoot } from '@veredicto/config';
import { benchServerUrl, migratedBenchDatabase } from './bench-database.js';
import { benchApiEnv } from './bench-api-env.js';
import { captureAnswers, startBareServer } from './bench-processes.js';
import { freePort } from './free-port.js';
import { measureLoad, type Measure } from './load.js';
import { writeSection } from './performance-report.js';
import { cpuMs } from './process-cpu.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const SECONDS = Number(argument('seconds') ?? 10);
const CONNECTIONS = Number(argument('connections') ?? 32);
const ROUNDS = Number(argument('rounds') ?? 3);
const DATABASE = 'veredicto_bench_access_log';
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The settings compared: what each writes to its output, all else equal. */
const SETTINGS = {
  'no access lines (`LOG_LEVEL=warn`)': { LOG_LEVEL: 'warn' },
  'default (failed and slow always, 5 % of the rest)': {},
  'every request (`ACCESS_LOG_SAMPLE_RATE=1`)': { ACCESS_LOG_SAMPLE_RATE: '1' },
} satisfies Record<string, NodeJS.ProcessEnv>;
type Setting = keyof typeof SETTINGS;

async function prepareDatabase(serverUrl: string): Promise<string> {
  const { databaseUrl, orm } = await migratedBenchDatabase(serverUrl, DATABASE);
  await orm.close(true);
  return databaseUrl;
}

/** An API process whose output goes through a pipe this process drains, as a terminal or a log shipper would. */
function startApi(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; bytes: () => number }> {
  let written = 0;
  const child = fork(fromRoot('dist/api/src/main.js'), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (written += chunk.length));
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') resolve({ child, bytes: () => written });
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
}

interface Run extends Measure {
  cpuUs: number;
  logBytes: number;
}

async function main() {
  const serverUrl = benchServerUrl();
  const databaseUrl = await prepareDatabase(serverUrl);
  const common = benchApiEnv(databaseUrl, 'bench_access_log', { SEED_DEMO: 'true', METRICS_PORT: '0' });
  const children: ChildProcess[] = [];
  try {
    const apis = new Map<Setting, { base: string; child: ChildProcess; bytes: () => number }>();
    for (const [setting, env] of Object.entries(SETTINGS) as [Setting, NodeJS.ProcessEnv][]) {
      const port = await freePort();
      const api = await startApi({ ...common, ...env, PORT: String(port) });
      children.push(api.child);
      apis.set(setting, { ...api, base: `http://127.0.0.1:${port}` });
    }
    const first = apis.values().next().value!.base;
    const ids: number[] = [];
    for (let page = 0; page < 40; page++) {
      const games = (await (await fetch(`${first}/api/games/all?page=${page}&size=100`)).json()) as {
        content: { igdbID: number }[];
      };
      ids.push(...games.content.map((game) => game.igdbID));
    }
    // Two kinds of answer: one the read cache answers from memory (the front door: the cheapest request, so
    // the one where a line weighs most), and game pages in turn, too many for the 1 s read cache to keep, so
    // nearly every one runs through the application and pino-http.
    const scenarios: Record<string, string[]> = {
      'one catalogue page (read cache, front door)': ['/api/games/all?page=0&size=20'],
      [`${ids.length} game pages in turn (application)`]: ids.map((id) => `/api/games/${id}`),
    };
    const { child: bare, port: barePort } = await startBareServer(
      await captureAnswers(first, Object.values(scenarios).flat()),
    );
    children.push(bare);

    const rows: string[] = [];
    for (const [scenario, paths] of Object.entries(scenarios)) {
      const measure = async (url: string, seconds: number, pid?: number, bytes?: () => number) => {
        const [cpu0, bytes0] = [pid ? cpuMs(pid) : null, bytes?.() ?? 0];
        const result = await measureLoad({ url, connections: CONNECTIONS, duration: seconds, paths });
        const cpu1 = pid ? cpuMs(pid) : null;
        const requests = Math.max(1, result.rps * seconds);
        return {
          ...result,
          cpuUs: cpu0 === null || cpu1 === null ? NaN : ((cpu1 - cpu0) * 1000) / requests,
          logBytes: ((bytes?.() ?? 0) - bytes0) / requests,
        } satisfies Run;
      };
      const targets: [string, string, ChildProcess | null, (() => number) | undefined][] = [
        ...[...apis].map(
          ([setting, api]) =>
            [setting, api.base, api.child, api.bytes] as [string, string, ChildProcess, () => number],
        ),
        ['bare node:http, same bytes', `http://127.0.0.1:${barePort}`, bare, undefined],
      ];
      for (const [, base] of targets) {
        await measure(base, 2);
        await pause(1000);
      }
      // The targets take turns, round after round: a burst of other work does not land on one of them only.
      const runs = new Map<string, Run[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const [label, base, child, bytes] of targets) {
          const run = await measure(base, SECONDS, child?.pid, bytes);
          runs.set(label, [...(runs.get(label) ?? []), run]);
          await pause(1000);
        }
      }
      const bareRps = Math.max(1, median(runs.get('bare node:http, same bytes')!.map((run) => run.rps)));
      for (const [label] of targets) {
        const all = runs.get(label)!;
        const rps = median(all.map((run) => run.rps));
        const line = [
          scenario,
          label,
          rps,
          `${(rps / bareRps).toFixed(2)}x`,
          median(all.map((run) => run.p50)),
          median(all.map((run) => run.p99)),
          label.startsWith('bare') ? '–' : Math.round(median(all.map((run) => run.cpuUs))),
          label.startsWith('bare') ? '–' : median(all.map((run) => run.logBytes)).toFixed(1),
          all.reduce((sum, run) => sum + run.errors, 0),
        ].join(' | ');
        console.log(`| ${line} |`);
        rows.push(`| ${line} |`);
      }
    }
    writeSection(
      'access-log',
      [
        '## Access lines under load (issue 28)',
        '',
        `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
          `demo catalogue; ${ROUNDS} rounds of ${SECONDS} s per target taking turns (medians of the rounds), ` +
          `after a 2 s warm-up, ${CONNECTIONS} connections (autocannon).`,
        '',
        'Command: `npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/bench/access-log.js`',
        '',
        `Run: ${new Date().toISOString()}`,
        '',
        'The same build three times, each with its output read through a pipe (as `npm start`’s supervisor',
        'passes it to a terminal or a log shipper): no access lines, the default, and a line for every request;',
        'a bare node:http server writing the same bytes in the same rounds. CPU is the API process’s per request',
        '(from /proc), log bytes what it wrote to its output per request.',
        '',
        '| requests | setting | req/s | x bare | p50 ms | p99 ms | API CPU µs/req | log bytes/req | errors |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
