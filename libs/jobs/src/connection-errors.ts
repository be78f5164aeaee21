interface ErrorEmitter {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Listens to the 'error' events of a BullMQ queue, worker or queue events object. Without a listener BullMQ
 * prints every connection error with its whole client object; during a database or Redis outage that is
 * dozens of multi-screen dumps per second. This keeps one line per `intervalMs` per object, with the number
 * of errors since the last line; BullMQ itself reconnects.
 */
export function logConnectionErrors(
  emitter: ErrorEmitter,
  warn: (message: string) => void,
  what: string,
  intervalMs = 10_000,
): void {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  emitter.on('error', (error) => {
    const now = Date.now();
    if (now - lastLogged < intervalMs) {
      suppressed += 1;
      return;
    }
    const more = suppressed ? ` (y ${suppressed} errores más desde el anterior aviso)` : '';
    warn(`${what}: ${error?.message ?? String(error)}${more}`);
    lastLogged = now;
    suppressed = 0;
  });
}

/**
 * Errors raised before a command reached the queue's server: node-postgres refusing a client that already
 * lost its connection ("not queryable"), a pool that could not open one, a refused connection or a full
 * server, and ioredis refusing a command while Redis is away (no offline queue). Such a command changed
 * nothing and may be sent again; anything else (a connection lost after sending) may have been applied.
 */
const NEVER_SENT =
  /not queryable|timeout exceeded when trying to connect|too many clients already|Stream isn't writeable|ECONNREFUSED/i;

export function neverSent(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === 'ECONNREFUSED' || code === '53300') return true;
    if (typeof message === 'string' && NEVER_SENT.test(message)) return true;
    current = cause;
  }
  return false;
}

/** How long a command that was never sent is tried again (a connection sweep; a server still away answers). */
const RESEND_WINDOW_MS = 4000;

/** Runs a queue command again, with pauses from 25 ms to 400 ms, while it fails before reaching the server. */
export async function resendUnsent<T>(command: () => Promise<T>): Promise<T> {
  const firstAt = Date.now();
  for (let retry = 0; ; retry += 1) {
    try {
      return await command();
    } catch (error) {
      if (!neverSent(error) || Date.now() - firstAt >= RESEND_WINDOW_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** retry, 400)));
    }
  }
}
