import pg from 'pg';

/**
 * BullMQ's PostgreSQL backend makes its LISTEN connection with `new pg.Client` and listens for that
 * client's errors once `connect()` has resolved. When PostgreSQL ends the connection right as it opens (a
 * failover, pg_terminate_backend), the end can come in the same read as the connection's "ready", and pg
 * emits the 'error' before anybody listens: an 'error' event without a listener ends the process (seen in
 * test/integration/reliability.test.ts, "PostgreSQL connections swept", postgres queues: an API or worker
 * process ended, the averages never recomputed).
 *
 * The clients `new pg.Client` makes in this process listen from their construction: an error that nobody
 * else listens for yet is delivered again once somebody does (in the next turn of the event loop, after
 * the owner's `await connect()`), and dropped otherwise; an error that has a listener is left alone.
 */
class EarlyErrorSafeClient extends pg.Client {
  constructor(...args: ConstructorParameters<typeof pg.Client>) {
    super(...args);
    this.on('error', (error: Error) => {
      if (this.listenerCount('error') > 1) return;
      setImmediate(() => {
        if (this.listenerCount('error') > 1) this.emit('error', error);
      });
    });
  }
}

/** Makes `new pg.Client` in this process build EarlyErrorSafeClient; pools already made keep theirs. */
export function holdEarlyClientErrors(): void {
  const module = pg as unknown as { Client: typeof pg.Client };
  if (module.Client !== EarlyErrorSafeClient) module.Client = EarlyErrorSafeClient;
}
