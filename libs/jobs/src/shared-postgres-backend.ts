import { PostgresConnection, PostgresQueueBackend, type BackendFactory } from 'bullmq';

/**
 * What configureQueueConnection gives BullMQ's PostgreSQL backend: one schema per environment. (A type, not
 * an interface: it is also a pg pool config and a plain record.)
 */
export type SharedPostgresConfig = {
  connectionString: string;
  schema: string;
  migrate: boolean;
  /** The connections of the process's one pool for every queue, worker and listener (the LISTEN one apart). */
  max: number;
};

interface Shared {
  connection: PostgresConnection;
  users: number;
  /** The statements sent on the shared LISTEN client, one after the other (see serialised). */
  listenStatements: Promise<unknown>;
}

const sharedConnections = new Map<string, Shared>();

/**
 * One view of the process's shared connection for one backend: the backend owns it as it would its own
 * (it hears the connection's errors and rebuilt LISTEN client, and wakes its waits), but its close and
 * disconnect only release it; the last backend to release it closes the pool.
 */
function lease(config: SharedPostgresConfig): PostgresConnection {
  const key = `${config.connectionString} ${config.schema}`;
  let shared = sharedConnections.get(key);
  if (!shared) {
    shared = { connection: new PostgresConnection(config), users: 0, listenStatements: Promise.resolve() };
    // Each backend listens to it (error, ready, close, listenerinvalidated); they are removed on release.
    shared.connection.setMaxListeners(0);
    sharedConnections.set(key, shared);
  }
  const { connection } = shared;
  shared.users += 1;
  const listeners: [string | symbol, (...args: unknown[]) => void][] = [];
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    for (const [event, listener] of listeners) connection.removeListener(event, listener);
    shared.users -= 1;
    if (shared.users > 0) return;
    sharedConnections.delete(key);
    await connection.close();
  };
  const on = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    listeners.push([event, listener]);
    connection.on(event, listener);
    return view;
  };
  const inTurn = <T>(statement: () => Promise<T>): Promise<T> => {
    const turn = shared.listenStatements.then(statement);
    shared.listenStatements = turn.catch(() => undefined);
    return turn;
  };
  const view: PostgresConnection = new Proxy(connection, {
    get(target, property) {
      if (property === 'close' || property === 'disconnect') return release;
      if (property === 'on') return on;
      // Every backend sends its LISTEN statements (and the client's name) on the one shared client: in turn,
      // as each did on a client of its own, not several at once on one connection (which pg deprecates).
      if (property === 'getListenClient')
        return async () => serialised(await target.getListenClient(), inTurn);
      if (property === 'setListenClientName')
        return (name: string) => inTurn(() => target.setListenClientName(name));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return view;
}

type ListenClient = Awaited<ReturnType<PostgresConnection['getListenClient']>>;
const serialisedClients = new WeakMap<ListenClient, ListenClient>();

/** The shared LISTEN client as one backend sees it: its statements wait for the ones sent before. */
function serialised(
  client: ListenClient,
  inTurn: <T>(statement: () => Promise<T>) => Promise<T>,
): ListenClient {
  const known = serialisedClients.get(client);
  if (known) return known;
  const view = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'query' && typeof value === 'function')
        return (...args: unknown[]) =>
          inTurn(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  serialisedClients.set(client, view);
  return view;
}

/**
 * BullMQ's PostgreSQL backend with one connection pool and one LISTEN connection per process and schema,
 * shared by every queue, worker and QueueEvents. BullMQ's own factory (createPostgresBackend) gives each
 * of them a pool of its own and a LISTEN connection: one API and one worker process held 45-57 connections
 * at rest. The LISTEN connection serves them all: each backend subscribes to the same channels and picks
 * its queue's notifications by their payload.
 */
export const createSharedPostgresBackend: BackendFactory<PostgresQueueBackend, SharedPostgresConfig> = (
  name,
  opts,
) => new PostgresQueueBackend(lease(opts.connection), name, opts, true);
