import { AsyncLocalStorage } from 'node:async_hooks';

export type ReadRoute = 'read' | 'write';

const routing = new AsyncLocalStorage<ReadRoute>();

/**
 * Where the reads of the current request may go. The API decides once per request (anonymous reads to
 * a replica; writes, and a user's reads shortly after their own write, to the primary) and repositories
 * ask here for their read-only queries. Outside a request (workers, scripts) reads stay on the primary:
 * a job that reads what another job has just written must never see an older copy.
 */
export function currentReadRoute(): ReadRoute {
  return routing.getStore() ?? 'write';
}

export function withReadRoute<T>(route: ReadRoute, run: () => T): T {
  return routing.run(route, run);
}
