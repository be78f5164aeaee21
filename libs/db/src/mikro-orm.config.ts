import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { fromRoot } from '@veredicto/config/project-root.js';
import { ENTITIES } from './entities.js';
import { recordStatementEffects } from './write-ledger.js';
import { MIGRATIONS } from './migrations/index.js';

/** Where the TypeScript sources of the migrations live (new migrations are written there). */
export const MIGRATIONS_SOURCE_DIR = fromRoot('libs/db/src/migrations');

/** How long an idle connection stays in a pool. */
export const POOL_IDLE_TIMEOUT_MS = 300_000;

export interface OrmOptions {
  databaseUrl: string;
  poolSize?: number;
  debug?: boolean;
  /** Streaming replicas (DATABASE_READ_URLS) for the reads that may be slightly behind the primary. */
  readUrls?: readonly string[];
}

interface PooledClient {
  query: (...args: unknown[]) => unknown;
  release?: (error?: Error) => void;
  on(event: 'end' | 'error', listener: () => void): unknown;
}

/**
 * Gives back to the pool a connection that the server closed while it was checked out. Kysely's controlled
 * transactions release their connection only after a successful COMMIT or ROLLBACK: when PostgreSQL
 * terminates the backend mid-transaction both fail and the connection is never released, so each
 * terminated transaction would shrink the pool by one until every request waits (measured: 4 of 4
 * connections lost after five rounds of pg_terminate_backend).
 */
export function releaseDeadConnections(pool: {
  on(event: 'connect', listener: (client: PooledClient) => void): unknown;
}): void {
  pool.on('connect', (client) => {
    // Each statement tells the request's ledger whether it may have changed data (write-ledger.ts).
    recordStatementEffects(client);
    // A connection terminated while checked out between two queries emits 'error' with nobody listening,
    // which would end the process; its holder learns of it from its next query, and 'end' releases it.
    client.on('error', () => undefined);
    client.on('end', () => {
      const release = client.release;
      if (!release) return;
      // The holder may still call release() after its failed ROLLBACK: that call must do nothing.
      client.release = () => undefined;
      try {
        release(new Error('connection closed by the server'));
      } catch {
        // It was idle in the pool (already released): the pool drops it by itself.
      }
    });
  });
}

export function createOrmConfig({
  databaseUrl,
  poolSize = 10,
  debug = false,
  readUrls = [],
}: OrmOptions): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    replicas: readUrls.map((url, index) => ({ name: `replica-${index + 1}`, clientUrl: url })),
    // Reads go to a replica only where a repository asks for it (currentReadRoute): by default MikroORM
    // would send every find to a replica, also a job's or a user's read right after their own write.
    preferReadReplicas: false,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    // An idle connection is kept for 5 minutes (pg's default: 10 s): its prepared statements and their
    // generic plans go with it, and a new connection prepares each statement again and plans it five times
    // before PostgreSQL settles on its generic plan (the catalogue's pages alone have some 80 statements).
    pool: { min: 0, max: poolSize, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS },
    // A connection that cannot be opened within 3 s is an error (a 503 for a request), never a wait without
    // end (a pool emptied by lost connections would otherwise queue requests for ever).
    driverOptions: { connectionTimeoutMillis: 3000, keepAlive: true, onPoolCreated: releaseDeadConnections },
    debug,
    // Entities never load lazily across requests: each request/job has its own forked EntityManager.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      migrationsList: MIGRATIONS,
      path: MIGRATIONS_SOURCE_DIR,
      pathTs: MIGRATIONS_SOURCE_DIR,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      silent: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
  });
}

// The MikroORM CLI reads this compiled file (package.json "mikro-orm".configPaths).
export default createOrmConfig({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veredicto',
});
