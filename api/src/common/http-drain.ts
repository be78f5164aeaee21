import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** After the signal, how long the server still accepts connections (answering each with Connection: close). */
export const LAST_CALL_MS = 2000;
/** The end of the grace period kept for closing the application (database, queues) after the connections. */
export const CLOSE_RESERVE_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

/**
 * The API's stop under keep-alive traffic (issue 29, item 4). From the signal on, every answer, including
 * those of requests already in flight, carries `Connection: close`, so each client's connection ends with
 * an answer, never in the middle of a request it just sent. For LAST_CALL_MS the server still accepts
 * (readiness is already false: the load balancer stops sending); then it stops accepting and closes the
 * connections that are idle, waits for the rest to finish their answer, and at the deadline closes whatever
 * is left. Attach it before the server listens.
 */
export class HttpDrain {
  private readonly open = new Set<ServerResponse>();
  private draining = false;

  constructor(private readonly server: Server) {
    // First of the request listeners: the header is set before any handler can send an answer.
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.setHeader('Connection', 'close');
      this.open.add(response);
      response.once('close', () => this.open.delete(response));
    });
  }

  /** Answers once every connection is closed, or at `deadline` (epoch ms) with the rest closed by force. */
  async drain(deadline: number): Promise<{ forced: boolean }> {
    this.draining = true;
    for (const response of this.open) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    await sleep(Math.min(LAST_CALL_MS, deadline - Date.now()));
    const closed = new Promise<true>((resolve) => this.server.close(() => resolve(true)));
    this.server.closeIdleConnections();
    const done = await Promise.race([closed, sleep(deadline - Date.now()).then(() => false as const)]);
    if (!done) this.server.closeAllConnections();
    return { forced: !done };
  }
}
