import { loadConfig } from '@veredicto/config';
import { apiMetricsPorts, apiProcessCount, killDeadlineMs, STOP_MARGIN_MS } from './supervisor.js';

describe('the API processes of npm start', () => {
  it('runs one per core by default, at most four, and one where a port cannot be shared', () => {
    expect(apiProcessCount(0, 1, 'linux')).toBe(1);
    expect(apiProcessCount(0, 2, 'linux')).toBe(2);
    expect(apiProcessCount(0, 16, 'linux')).toBe(4);
    expect(apiProcessCount(0, 8, 'darwin')).toBe(1);
    expect(apiProcessCount(0, 8, 'win32')).toBe(1);
    // A number set is kept as it is.
    expect(apiProcessCount(3, 2, 'linux')).toBe(3);
    expect(apiProcessCount(2, 8, 'darwin')).toBe(2);
  });

  it('gives each its metrics port, none on the workers’', () => {
    expect(apiMetricsPorts(1, 9464, 9465)).toEqual([9464]);
    expect(apiMetricsPorts(3, 9464, 9465)).toEqual([9464, 9466, 9467]);
    expect(apiMetricsPorts(2, 9470, 9465)).toEqual([9470, 9471]);
    // 0: a free port for each.
    expect(apiMetricsPorts(2, 0, 9465)).toEqual([0, 0]);
  });
});

describe('the stop of npm start', () => {
  it('SIGKILLs a child only after its own grace and a margin, with the defaults and with a grace set', () => {
    const defaults = {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/veredicto',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'una-clave-larga-de-prueba',
    };
    const worker = loadConfig(defaults, 'workers').WORKER_SHUTDOWN_GRACE_MS;
    const api = loadConfig(defaults, 'api').API_SHUTDOWN_GRACE_MS;
    expect(killDeadlineMs(worker)).toBe(worker + STOP_MARGIN_MS);
    expect(killDeadlineMs(worker)).toBeGreaterThan(worker);
    expect(killDeadlineMs(api)).toBeGreaterThan(api);
    expect(killDeadlineMs(60_000)).toBe(60_000 + STOP_MARGIN_MS);
  });
});
