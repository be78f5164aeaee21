import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromRoot } from '@veredicto/config';
import { LocalFakeServer } from './local-fake-server.js';
import { waitFor } from './processes.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A small site on 127.0.0.1 (allow-listed for the scrapers in tests), with a random port: the fakes' server
 * (LocalFakeServer: port, origin, start, close) answering the routes a test gives it.
 */
export class LocalSite extends LocalFakeServer {
  private readonly routes = new Map<string, Handler>();
  readonly hits: string[] = [];

  protected answer(request: IncomingMessage, response: ServerResponse): void {
    this.hits.push(request.url ?? '');
    const handler = this.routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'Content-Type': 'text/plain' }).end('No encontrado');
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  route(path: string, body: string | (() => string), contentType = 'text/html; charset=utf-8'): this {
    this.routes.set(path, (_request, response) =>
      response
        .writeHead(200, { 'Content-Type': contentType })
        .end(typeof body === 'function' ? body() : body),
    );
    return this;
  }

  /** A route answered by the test's own handler (a slow page, a page that changes). */
  handle(path: string, handler: Handler): this {
    this.routes.set(path, handler);
    return this;
  }
}

export const fixture = (path: string) => readFileSync(fromRoot(`test/fixtures/${path}`), 'utf8');

/** Calls the API; answers status, parsed JSON (or text) and headers. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // plain text answer
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: data as any, headers: response.headers };
}

export async function adminToken(baseUrl: string, password: string): Promise<string> {
  const { status, body } = await call(baseUrl, 'POST', '/api/auth/check-password', { json: { password } });
  if (status !== 200) throw new Error(`check-password answered ${status}`);
  return body.token as string;
}

/** Polls GET /api/admin/jobs/{queue}/{jobId} until the job completed (fails fast if it failed). */
export async function finishedJob(
  baseUrl: string,
  token: string,
  queue: string,
  jobId: string,
  timeoutMs = 45_000,
) {
  return waitFor(
    async () => {
      const { body } = await call(baseUrl, 'GET', `/api/admin/jobs/${queue}/${jobId}`, { token });
      if (body?.state === 'failed') throw new Error(`job ${queue}/${jobId} failed: ${body.failedReason}`);
      return body?.state === 'completed' ? body : undefined;
    },
    { timeoutMs, intervalMs: 200, what: `job ${queue}/${jobId}` },
  );
}
