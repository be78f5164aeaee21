/**
 * The browser tier's site (playwright.config.ts's webServer): the stores' fakes on 127.0.0.1 first, then the
 * product as `npm start` runs it (dist/libs/runtime/src/cli.js) with its Steam URLs at the fakes, so the
 * tier polls prices without calling a real store (docs/CONTRACT.md §20).
 *
 * A test sets the fake's prices through a small control server: `PUT /steam/{appId}` with a FakeSteamPrice
 * as JSON, and `GET /steam/calls?app={appId}` answers the GetItems calls that asked for that app. Both
 * addresses are written to DATA_DIR/fake-stores.json. The runner stops the site by signalling its whole
 * process group: the product shuts down in its own order, then the fakes close and this process exits
 * with the product's code.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeStores, type FakeSteamPrice } from './fake-stores.js';

/** What DATA_DIR/fake-stores.json holds. */
export interface FakeStoresAddresses {
  /** The stores' APIs (every store setting of the site). */
  stores: string;
  /** The control server of the test. */
  control: string;
}

const isCents = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A price as the control server accepts it: a name and whole cents, the final not above the regular. */
function steamPrice(body: unknown): FakeSteamPrice | null {
  if (typeof body !== 'object' || body === null) return null;
  const { name, regular, final, lowest30d, endsAt } = body as Record<string, unknown>;
  if (typeof name !== 'string' || !isCents(regular) || !isCents(final)) return null;
  if (regular === 0 || final > regular) return null;
  const optional = (value: unknown) => value === undefined || isCents(value);
  if (!optional(lowest30d) || !optional(endsAt)) return null;
  return {
    name,
    regular,
    final,
    lowest30d: lowest30d as number | undefined,
    endsAt: endsAt as number | undefined,
  };
}

function controlServer(stores: FakeStores): http.Server {
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const app = /^\/steam\/(\d{1,10})$/.exec(url.pathname);
    if (request.method === 'PUT' && app) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let price: FakeSteamPrice | null = null;
        try {
          price = steamPrice(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          // not JSON: refused below
        }
        if (!price)
          return json(400, { message: 'name, regular and final (cents, final ≤ regular) expected' });
        stores.steam.set(app[1], price);
        json(200, price);
      });
      return;
    }
    const asked = Number(url.searchParams.get('app'));
    if (request.method === 'GET' && url.pathname === '/steam/calls' && Number.isInteger(asked)) {
      return json(
        200,
        stores.steamCalls
          .filter((call) => call.appIds.includes(asked))
          .map((call) => ({ ids: call.appIds.length, country: call.country ?? null })),
      );
    }
    json(404, { message: 'not found' });
  });
}

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required: the site writes fake-stores.json there');
const stores = await new FakeStores().start();
const control = controlServer(stores);
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const addresses: FakeStoresAddresses = {
  stores: stores.origin,
  control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
};
writeFileSync(join(dataDir, 'fake-stores.json'), JSON.stringify(addresses));

const product = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../libs/runtime/src/cli.js', import.meta.url))],
  {
    // Every store at the fake (one origin serves them all): no browser run calls a real store. Game Pass is
    // read only for games with a Microsoft Store id, which the browser tier's catalogue has none of.
    env: {
      ...process.env,
      STEAM_API_URL: stores.origin,
      STEAM_STORE_URL: stores.origin,
      NINTENDO_PRICE_URL: stores.origin,
      NINTENDO_SEARCH_URL: stores.origin,
      XBOX_CATALOG_URL: stores.origin,
      GAMEPASS_URL: stores.origin,
    },
    stdio: 'inherit',
  },
);
// Signalled alone (not through its group), this process passes the signal on; the product takes a second
// one as the same request to stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => product.kill(signal));
}
product.once('exit', (code, signal) => {
  control.closeAllConnections();
  control.close();
  void stores.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
