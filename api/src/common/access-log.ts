import type { IncomingMessage, ServerResponse } from 'node:http';
/** One-use secrets that travel in a query string (the e-mail confirmation link) stay out of access logs. */
const SECRET_QUERY = /([?&]token=)[^&]*/gi;

interface LoggedRequest {
  id: unknown;
  method: string;
  url: string;
  remoteAddress?: string;
}

/**
 * pino-http serialisers for the API's access lines. They name the request, not its headers: no bearer
 * tokens or cookies reach a log, and each request's child logger is cheap to build (serialising every
 * header was a tenth of the CPU time of a cached catalogue read).
 */
export const accessLogSerializers = {
  req: (request: LoggedRequest) => ({
    id: request.id,
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[oculto]'),
    remoteAddress: request.remoteAddress,
  }),
  res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
};

/** What decides whether a finished request gets an access line, and at which level. */
export interface AccessLogPolicy {
  /** Share of fast, successful requests logged (0 to 1). */
  sampleRate: number;
  /** From this many milliseconds a request is slow, and always logged. */
  slowMs: number;
}

export type AccessLogLevel = 'error' | 'warn' | 'info' | 'silent';

/**
 * Failed requests are always logged (5xx as errors, 4xx as warnings: refused logins, rate limits, probes),
 * and so are slow ones; of the rest, a random share. Under load the access line was a real part of each
 * request's cost (its serialisation, the write to the pipe and the supervisor reading it on the same cores);
 * what an operator needs from it is the failures and the slow requests, and a sample for the traffic's shape.
 */
export function accessLogLevel(
  policy: AccessLogPolicy,
  statusCode: number,
  milliseconds: number,
  random: () => number = Math.random,
): AccessLogLevel {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  if (milliseconds >= policy.slowMs) return 'warn';
  return policy.sampleRate > 0 && random() < policy.sampleRate ? 'info' : 'silent';
}

const STARTED = Symbol('access-log-started');
let lastRequestId = 0;

/**
 * pino-http options that apply the policy: each request's start is noted when its id is made (the first
 * thing pino-http does with it), and the level is chosen when it finishes.
 */
export function accessLogOptions(policy: AccessLogPolicy) {
  return {
    genReqId: (_request: IncomingMessage, response: ServerResponse) => {
      (response as { [STARTED]?: number })[STARTED] = performance.now();
      lastRequestId = lastRequestId === Number.MAX_SAFE_INTEGER ? 1 : lastRequestId + 1;
      return lastRequestId;
    },
    customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) => {
      const started = (response as { [STARTED]?: number })[STARTED] ?? performance.now();
      const status = error ? Math.max(response.statusCode, 500) : response.statusCode;
      return accessLogLevel(policy, status, performance.now() - started);
    },
  };
}
