import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';

type SqlConnection = ReturnType<MikroORM['em']['getConnection']>;

export interface DatabaseServer {
  /** `primary`, or the replica's name (`replica-1`, ...). */
  name: string;
  connection: SqlConnection;
}

/** The primary and every read replica the ORM was given (DATABASE_READ_URLS). */
export function databaseServers(orm: MikroORM): DatabaseServer[] {
  const driver = orm.em.getDriver();
  // MikroORM keeps its replica connections in a protected field and offers only a random pick of one.
  const replicas = (driver as unknown as { replicas: SqlConnection[] }).replicas ?? [];
  return [
    { name: 'primary', connection: driver.getConnection('write') },
    ...replicas.map((connection, index) => ({ name: `replica-${index + 1}`, connection })),
  ];
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** How many connections of the server's `pg` pool are open, idle, and how many callers wait for one. */
export async function poolUse(server: DatabaseServer): Promise<PoolUse> {
  const pool = (await server.connection.getNativeClient()) as pg.Pool;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * How far a replica is behind, in seconds: 0 when it has replayed everything it received (an idle
 * primary sends nothing, so the age of the last replayed transaction alone would look like lag).
 * Null on a server that is not a standby.
 */
export async function replicationLagSeconds(server: DatabaseServer): Promise<number | null> {
  const [row] = await server.connection.execute<{ lag: number | string | null }[]>(
    `select case
       when not pg_is_in_recovery() then null
       when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
       else extract(epoch from now() - pg_last_xact_replay_timestamp())
     end as lag`,
    [],
    'all',
  );
  return row?.lag === null || row?.lag === undefined ? null : Number(row.lag);
}
