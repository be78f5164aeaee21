import 'reflect-metadata';
import { testProcessEnv } from '../support/api-app.js';
import { freePort } from '../support/free-port.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;

interface AccessLine {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/** The access lines a process wrote for requests whose URL contains `marker`. */
function accessLines(process: RunningProcess, marker: string): AccessLine[] {
  return process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(marker))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.req?.url.includes(marker));
}

/** An API process logging at info with this access-log policy. */
async function apiWith(sampleRate: string, slowMs = '60000') {
  const port = await freePort();
  const process = await startProcess(
    'api',
    testProcessEnv(backend, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ACCESS_LOG_SAMPLE_RATE: sampleRate,
      ACCESS_LOG_SLOW_MS: slowMs,
      QUEUE_PREFIX: `${testEnv().queuePrefix}_access`,
    }),
  );
  return { process, url: `http://127.0.0.1:${port}` };
}

describe('access lines: failures and slow requests always, a sample of the rest', () => {
  const started: RunningProcess[] = [];

  afterAll(async () => {
    await Promise.all(started.map((process) => process.stop()));
  }, 30_000);

  it('with a rate of 0 logs the failed requests and none of the fast successful ones', async () => {
    const api = await apiWith('0');
    started.push(api.process);
    const marker = `muestra${Date.now()}`;
    for (let index = 0; index < 20; index++) {
      // Each a different URL, so the read cache's front door answers none of them from a copy.
      expect((await fetch(`${api.url}/api/games/all?size=1&page=${index}&m=${marker}`)).status).toBe(200);
    }
    expect((await fetch(`${api.url}/api/games/999999999?m=${marker}`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/games/abc?m=${marker}`)).status).toBe(400);

    const lines = await waitFor(
      async () => {
        const found = accessLines(api.process, marker);
        return found.length >= 2 ? found : null;
      },
      { what: 'the access lines of the failed requests' },
    );
    expect(lines.map((line) => line.res?.statusCode).sort()).toEqual([400, 404]);
    // pino's levels: 40 is warn.
    expect(lines.every((line) => line.level === 40 && line.msg === 'request completed')).toBe(true);
  }, 120_000);

  it('with a rate of 1 logs every request, and a slow one is logged whatever the rate', async () => {
    const every = await apiWith('1');
    started.push(every.process);
    const marker = `todas${Date.now()}`;
    for (let index = 0; index < 5; index++) {
      expect((await fetch(`${every.url}/api/games/all?size=1&page=${index}&m=${marker}`)).status).toBe(200);
    }
    await waitFor(async () => accessLines(every.process, marker).length === 5, { what: 'five access lines' });
    expect(accessLines(every.process, marker).every((line) => line.res?.statusCode === 200)).toBe(true);

    // A threshold of 0 ms: every request is slow, so logged at warn with a rate of 0.
    const slow = await apiWith('0', '0');
    started.push(slow.process);
    const slowMarker = `lenta${Date.now()}`;
    expect((await fetch(`${slow.url}/api/games/all?size=1&m=${slowMarker}`)).status).toBe(200);
    const [line] = await waitFor(
      async () => {
        const found = accessLines(slow.process, slowMarker);
        return found.length ? found : null;
      },
      { what: 'the slow request line' },
    );
    expect([line.level, line.res?.statusCode]).toEqual([40, 200]);
  }, 120_000);
});
