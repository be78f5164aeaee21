import autocannon from 'autocannon';

/** What a browser sends (Chromium), and CDNs forward: every bench's client by default. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The clients a bench can be: a browser (its Accept-Encoding) or a plain client (none, as autocannon and curl). */
export type Client = 'browser' | 'plain';

/** The Accept-Encoding a client sends (undefined: none). */
export const acceptEncodingOf = (client: Client) =>
  client === 'browser' ? BROWSER_ACCEPT_ENCODING : undefined;

/** What a bench keeps of a load run: latency percentiles in ms, requests a second, failed answers. */
export interface Measure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
}

/**
 * Loads `url` for `duration` seconds with `connections` at once. With `paths`, every request takes the next
 * path of the list; `cursor` is shared by every run of a scenario, so its warm-ups and the servers measured
 * after them go on through the list instead of starting again at the paths just read (and cached). The
 * requests carry a browser's Accept-Encoding unless `client` is 'plain'.
 */
export async function measureLoad(options: {
  url: string;
  connections: number;
  duration: number;
  paths?: string[];
  cursor?: { next: number };
  client?: Client;
}): Promise<Measure> {
  const { url, connections, duration, paths } = options;
  const cursor = options.cursor ?? { next: 0 };
  const acceptEncoding = acceptEncodingOf(options.client ?? 'browser');
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    requests: paths
      ? [
          {
            method: 'GET',
            setupRequest: (request: { path: string }) => ({
              ...request,
              path: paths[cursor.next++ % paths.length],
            }),
          },
        ]
      : undefined,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}
