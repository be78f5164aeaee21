import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedHeaders } from './fixed-headers.js';

type Middleware = (request: Request, response: Response, next: NextFunction) => void;

/** The headers a real answer carries after the middleware (node:http, a request from fetch). */
async function headersAfter(middleware: Middleware): Promise<Record<string, string>> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('X-Powered-By', 'Express');
    middleware(request as Request, response as Response, () => response.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/api/games/all`);
    const headers = Object.fromEntries(answer.headers);
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
      delete headers[name];
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('fixedHeaders', () => {
  it.each([
    ['helmet’s defaults', () => helmet()],
    [
      'a deny-all policy with HSTS',
      () =>
        helmet({
          contentSecurityPolicy: {
            useDefaults: false,
            directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
          },
          hsts: true,
        }),
    ],
    ['no policy, no HSTS', () => helmet({ contentSecurityPolicy: false, hsts: false })],
  ])('sets on a real answer exactly what helmet sets (%s)', async (_name, make) => {
    const replayed = await headersAfter(fixedHeaders(make() as unknown as Middleware));
    expect(replayed).toEqual(await headersAfter(make() as unknown as Middleware));
    expect(replayed['x-powered-by']).toBeUndefined();
    expect(Object.keys(replayed).length).toBeGreaterThan(8);
  });

  it('refuses at start-up a middleware whose headers depend on the request', () => {
    const byRequest: Middleware = (request, response, next) => {
      response.setHeader('X-Path', request.path);
      next();
    };
    expect(() => fixedHeaders(byRequest)).toThrow(/reads the request/);
    const stops: Middleware = () => undefined;
    expect(() => fixedHeaders(stops)).toThrow(/did not pass the request on/);
  });
});
