import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createOrmConfig, type OrmOptions } from './mikro-orm.config.js';

const MIGRATION_LOCK_KEY = 7_405_221_001;

export async function openDatabase(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(createOrmConfig(options));
}

/**
 * Brings the schema up to date. Several processes may start at once (API replicas, workers, tests):
 * an advisory lock held on a separate session makes them run the migrations one after the other, so
 * the later ones find nothing pending.
 */
export async function migrateDatabase(orm: MikroORM, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const executed = await orm.migrator.up();
    return executed.map((migration) => migration.name);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
