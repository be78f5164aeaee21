import pg from 'pg';
import { migrateDatabase, openDatabase } from '@veredicto/db';

/** The PostgreSQL server a bench runs on (DATABASE_URL): required. */
export function benchServerUrl(): string {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  return serverUrl;
}

/**
 * The bench's own database `name` on the server of `serverUrl`, created the first time (later runs reuse it)
 * and migrated. Answers its URL and an ORM open on it, for the bench to load its data; the bench closes it.
 */
export async function migratedBenchDatabase(
  serverUrl: string,
  name: string,
): Promise<{ databaseUrl: string; orm: Awaited<ReturnType<typeof openDatabase>> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  await migrateDatabase(orm, databaseUrl);
  return { databaseUrl, orm };
}
