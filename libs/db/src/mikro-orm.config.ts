import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { fromRoot } from '@veredicto/config/project-root.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/** Where the TypeScript sources of the migrations live (new migrations are written there). */
export const MIGRATIONS_SOURCE_DIR = fromRoot('libs/db/src/migrations');

export interface OrmOptions {
  databaseUrl: string;
  poolSize?: number;
  debug?: boolean;
}

export function createOrmConfig({ databaseUrl, poolSize = 10, debug = false }: OrmOptions): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    pool: { min: 0, max: poolSize },
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
