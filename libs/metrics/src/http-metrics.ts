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

/** Express middleware counting every request and its latency by method, route and status. */
export function httpMetricsMiddleware(metrics: ProcessMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const labels = {
        method: request.method,
        route: routeLabel(request),
        status_code: String(response.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
