import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An outside service's fake on 127.0.0.1 (a free port): what the fakes of the stores and the scrapers'
 * sites (LocalSite) share. A subclass
 * answers each request in the service's real shape.
 */
export abstract class LocalFakeServer {
  private readonly server = http.createServer((request, response) => this.answer(request, response));

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  protected abstract answer(request: http.IncomingMessage, response: http.ServerResponse): void;
}

/** The fake of a service whose requests carry a query in their body (IGDB's): `reply` gets the whole body. */
export abstract class LocalFakeServerWithBody extends LocalFakeServer {
  protected answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => this.reply(request, body, response));
  }

  protected abstract reply(request: http.IncomingMessage, body: string, response: http.ServerResponse): void;
}
