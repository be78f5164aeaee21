import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
  render: () => Promise<string>;
}

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function sendError(response: ServerResponse, statusCode: number, message: string): void {
  response.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ statusCode, message }));
}

function authorised(request: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const sent = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * The `/metrics` listener of a process, on a port of its own: the public Service never routes to it,
 * so only what runs inside the cluster (Prometheus, KEDA's Prometheus) reaches it; a token can be
 * required on top. Besides it, only a liveness answer for the worker processes' probes.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    // The worker processes' liveness probe: this listener starts once their workers run.
    if (path === '/health/live') {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end('{"status":"ok"}');
      return;
    }
    if (path !== '/metrics') return sendError(response, 404, 'No encontrado');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(response, 405, 'Método no permitido');
    }
    if (!authorised(request, options.token)) return sendError(response, 401, 'No autorizado');
    options.render().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': CONTENT_TYPE, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => sendError(response, 503, 'Métricas no disponibles en este momento'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export const metricsPort = (server: Server) => (server.address() as AddressInfo).port;
