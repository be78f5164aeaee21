import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCdn {
  url: string;
  /** The surrogate keys of each purge call received, in order. */
  purges: string[][];
  close(): Promise<void>;
}

/** Fastly's batch purge endpoint as a local server: `{"surrogate_keys": [...]}` in, `{key: purgeId}` out. */
export async function startFakeFastly(serviceId: string, token: string): Promise<FakeCdn> {
  const purges: string[][] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (
        request.method !== 'POST' ||
        request.url !== `/service/${serviceId}/purge` ||
        request.headers['fastly-key'] !== token
      ) {
        response.statusCode = 401;
        response.end(JSON.stringify({ msg: 'Provided credentials are missing or invalid' }));
        return;
      }
      const keys = (JSON.parse(raw) as { surrogate_keys: string[] }).surrogate_keys;
      purges.push(keys);
      response.end(
        JSON.stringify(Object.fromEntries(keys.map((key, index) => [key, `108-${Date.now()}-${index}`]))),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    purges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
