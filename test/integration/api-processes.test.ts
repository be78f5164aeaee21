import 'reflect-metadata';
import { request } from 'node:http';
import { testProcessEnv } from '../support/api-app.js';
import { freePort } from '../support/free-port.js';
import { startProcess, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

/** One request on a connection of its own (no keep-alive), so the kernel picks a process for each. */
const status = (port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });

/** The requests a process has answered, from its /metrics. */
async function answered(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/**
 * `npm start` runs one API process per core on one port (API_PROCESSES, SO_REUSEPORT): both start on the
 * same PORT and the kernel gives each new connection to one of them; with API_PROCESSES=1 a second process
 * on a taken port fails to start, as it always did.
 */
describe('API processes sharing one port', () => {
  const processes: RunningProcess[] = [];

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((running) => running.stop()));
  });

  const env = (port: number, metricsPort: number, apiProcesses: number) =>
    testProcessEnv('postgres', {
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      API_PROCESSES: String(apiProcesses),
      QUEUE_PREFIX: `${testEnv().queuePrefix}_processes`,
    });

  it('two processes with API_PROCESSES=2 both answer on the port', async () => {
    const port = await freePort();
    const metricsPorts = [await freePort(), await freePort()];
    for (const metricsPort of metricsPorts) {
      processes.push(await startProcess('api', env(port, metricsPort, 2)));
    }
    const before = await Promise.all(metricsPorts.map(answered));
    const statuses = [];
    for (let index = 0; index < 60; index++)
      statuses.push(await status(port, '/api/games/all?page=0&size=1'));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const after = await Promise.all(metricsPorts.map(answered));
    const each = after.map((count, index) => count - before[index]);
    expect(each.reduce((sum, count) => sum + count, 0)).toBe(60);
    // 60 connections spread by their address hash: one process alone would get them all with odds 2^-59.
    expect(Math.min(...each)).toBeGreaterThan(0);
  }, 120_000);

  it('a second process on a taken port fails to start when API_PROCESSES=1', async () => {
    const port = await freePort();
    processes.push(await startProcess('api', env(port, await freePort(), 1)));
    await expect(startProcess('api', env(port, await freePort(), 1))).rejects.toThrow(/EADDRINUSE/);
  }, 120_000);
});
