import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FetchLogger } from './fetch-config.js';
import { UnsafeUrlError, type GuardedTarget, type UrlGuard } from './url-guard.js';

/** Headers that describe one connection, not the message: never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A forward proxy on 127.0.0.1 that Chromium is pointed at, so every connection the browser makes (page,
 * frames, workers, WebSockets, anything request interception might miss) is checked by the {@link UrlGuard}
 * and connected to the checked address. Chromium then never resolves names itself, which closes the
 * DNS-rebinding gap between interception (where the guard also runs) and the browser's own connection.
 */
export class GuardedProxy {
  private server: http.Server | undefined;
  private readonly tunnels = new Set<Socket | Duplex>();

  constructor(
    private readonly guard: UrlGuard,
    private readonly logger: FetchLogger,
  ) {}

  /** Starts listening on a random loopback port; returns the proxy URL for `--proxy-server`. */
  async start(): Promise<string> {
    if (!this.server) {
      const server = http.createServer((request, response) => void this.forward(request, response));
      server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        void this.tunnel(request, socket, head);
      });
      server.on('clientError', (_error, socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      this.server = server;
    }
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.tunnels) socket.destroy();
    this.tunnels.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Plain http:// requests arrive in absolute form (`GET http://host/path`). */
  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = await this.check(request.url ?? '');
    if (typeof target === 'string' || target.url.protocol !== 'http:') {
      const status = target === 'unresolvable' ? 502 : 403;
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end();
      request.resume();
      return;
    }

    const upstream = http.request({
      hostname: target.hostname,
      port: target.url.port || 80,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method,
      headers: withoutHopByHop(request.headers),
      lookup: target.lookup,
      agent: false,
    });
    upstream.on('response', (upstreamResponse) => {
      response.writeHead(upstreamResponse.statusCode ?? 502, withoutHopByHop(upstreamResponse.headers));
      upstreamResponse.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  }

  /** https:// and WebSockets arrive as `CONNECT host:port`; the TLS inside stays end-to-end. */
  private async tunnel(request: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    client.on('error', () => client.destroy());
    const target = await this.check(`https://${request.url ?? ''}/`);
    if (typeof target === 'string' || client.destroyed) {
      client.end(
        target === 'unresolvable'
          ? 'HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'
          : 'HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }

    const upstream = net.connect({
      host: target.hostname,
      port: Number(target.url.port || 443),
      lookup: target.lookup,
    });
    this.track(upstream);
    let established = false;
    upstream.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      // Once the tunnel is up its bytes belong to the TLS session: an HTTP status there would corrupt it.
      if (!established && client.writable)
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      else client.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** Refusals are logged: past request interception, they are the browser's own or an evasion attempt. */
  private async check(url: string): Promise<GuardedTarget | 'refused' | 'unresolvable'> {
    try {
      return await this.guard.check(url);
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) return 'unresolvable';
      this.logger.warn(`Proxy del navegador: bloqueada ${url} (${error.message} ${error.detail ?? ''})`);
      return 'refused';
    }
  }

  private track(socket: Socket | Duplex): void {
    this.tunnels.add(socket);
    socket.once('close', () => this.tunnels.delete(socket));
  }
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !listed.has(name)),
  );
}
