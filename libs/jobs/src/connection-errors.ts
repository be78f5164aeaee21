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
