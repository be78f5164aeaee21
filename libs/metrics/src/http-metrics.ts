import type { NextFunction, Request, Response } from 'express';
import type { ProcessMetrics } from './metrics.js';

/**
 * The route label: the matched route's pattern (`/api/games/:id`), never the raw path, so 200k game ids
 * do not become 200k time series. Requests no route matched are grouped by what served them.
 */
export function routeLabel(request: Request): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${request.baseUrl}${route}`;
  if (request.path.startsWith('/assets/')) return '/assets';
  return 'sin_ruta';
}

/**
 * Express middleware counting every request and its latency by method, route and status. The labelled
 * series are looked up once per combination and kept: prom-client would otherwise validate and hash the
 * labels twice on every request.
 */
export function httpMetricsMiddleware(metrics: ProcessMetrics) {
  type Series = {
    count: ReturnType<typeof metrics.httpRequests.labels>;
    duration: ReturnType<typeof metrics.httpDuration.labels>;
  };
  const series = new Map<string, Series>();
  const seriesOf = (method: string, route: string, statusCode: string): Series => {
    const key = `${method} ${statusCode} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status_code: statusCode };
      found = { count: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
      series.set(key, found);
    }
    return found;
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const { count, duration } = seriesOf(request.method, routeLabel(request), String(response.statusCode));
      count.inc();
      duration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
