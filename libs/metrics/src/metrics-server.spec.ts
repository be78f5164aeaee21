import type { Server } from 'node:http';
import { ProcessMetrics } from './metrics.js';
import { metricsPort, startMetricsServer } from './metrics-server.js';

describe('the /metrics listener', () => {
  const metrics = new ProcessMetrics('workers');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    metrics.jobFailures.inc({ queue: 'averages', job: 'recalculate-average' });
    server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      token: 'un-token-de-pruebas-largo',
      render: () => metrics.render([async () => 'bullmq_job_count{queue="news", state="waiting"} 4']),
    });
    base = `http://127.0.0.1:${metricsPort(server)}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the Prometheus text with the process label to a scrape with the token', async () => {
    const response = await fetch(`${base}/metrics`, {
      headers: { Authorization: 'Bearer un-token-de-pruebas-largo' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain(
      'veredicto_job_failures_total{queue="averages",job="recalculate-average",process="workers"} 1',
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('bullmq_job_count{queue="news", state="waiting"} 4');
  });

  it('refuses a scrape without the token, and serves nothing but a liveness answer besides', async () => {
    const refused = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer otro' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ statusCode: 401, message: 'No autorizado' });
    const live = await fetch(`${base}/health/live`);
    expect(await live.json()).toEqual({ status: 'ok' });
    const other = await fetch(`${base}/api/games/all`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ statusCode: 404, message: 'No encontrado' });
  });
});
