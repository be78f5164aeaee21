import type { NextFunction, Request, Response } from 'express';
import type { ProcessMetrics } from './metrics.js';

/** Where a middleware that answers a route itself, before the router, names it (`nameRoute`). */
const ROUTE_LOCAL = 'metricsRoute';

/** Names the route of an answer given before the router (the read lanes): counted under the route's label. */
export function nameRoute(response: Response, route: string): void {
  response.locals[ROUTE_LOCAL] = route;
}

/**
 * The route label: the matched route's pattern (`/api/games/:id`), never the raw path, so 200k game ids
 * do not become 200k time series. Requests no route matched are grouped by what served them.
 */
export function routeLabel(request: Request): string {
  const named = request.res?.locals[ROUTE_LOCAL];
  if (typeof named === 'string') return named;
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${request.baseUrl}${route}`;
  // `path` is Express's: a request no Express router saw has none.
  if (request.path?.startsWith('/assets/')) return '/assets';
  return 'sin_ruta';
}

/** Records one answered request: its count and latency by method, route and status. */
export type HttpRequestRecorder = (
  method: string,
  route: string,
  statusCode: number,
  seconds: number,
) => void;

/**
 * The recorder of every HTTP answer, whatever served it (the application or the response cache in front of
 * it). The labelled series are looked up once per combination and kept: prom-client would otherwise
 * validate and hash the labels twice on every request.
 */
export function httpRequestRecorder(metrics: ProcessMetrics): HttpRequestRecorder {
  type Series = {
    count: ReturnType<typeof metrics.httpRequests.labels>;
    duration: ReturnType<typeof metrics.httpDuration.labels>;
  };
  const series = new Map<string, Series>();
  return (method, route, statusCode, seconds) => {
    const key = `${method} ${statusCode} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status_code: String(statusCode) };
      found = { count: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
      series.set(key, found);
    }
    found.count.inc();
    found.duration.observe(seconds);
  };
}

/** Express middleware counting every request the application answers, and its latency. */
export function httpMetricsMiddleware(record: HttpRequestRecorder) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      record(
        request.method,
        routeLabel(request),
        response.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}
