import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';
import { waitFor } from './processes.js';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** Freezes the standby's replay: it keeps receiving WAL but shows nothing new (a lagging replica). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  waitForCatchUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Ends a pool and waits until its connections are closed. `pool.end()` resolves as soon as its clients
 * are taken off its list, before their sockets close, and each keeps the pool's idle error listener: a
 * server stopped right after (fast shutdown: 57P01 to every backend) then makes the pool emit an 'error'
 * nobody listens to, which fails whichever test is running. The pool's 'remove' event comes once a
 * client's connection has ended.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (!open) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Runs as the `postgres` user when the tests run as root: the servers refuse to run as root. */
function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function asPostgres(binary: string, args: string[]): Promise<void> {
  await run(join(BIN, binary), args, { ...postgresUser(), env: { ...process.env, LC_ALL: 'C.UTF-8' } });
}

function startServer(dataDir: string, port: number, socketDir: string): ChildProcess {
  const args = ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1'];
  const log = openSync(join(socketDir, `server-${port}.log`), 'a');
  return spawn(join(BIN, 'postgres'), args, { ...postgresUser(), stdio: ['ignore', log, log] });
}

async function ready(url: string): Promise<void> {
  await waitFor(
    async () => {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    { timeoutMs: 30_000, what: `PostgreSQL at ${url}` },
  );
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A primary and a streaming standby of Debian's PostgreSQL 15 in a temporary folder, on free ports,
 * made with `pg_basebackup -R` like a real replica. Never touches the machine's own server on 5432;
 * both servers are stopped by their process and the folder removed.
 */
export async function startReplicaCluster(database = 'veredicto'): Promise<ReplicaCluster> {
  const root = mkdtempSync(join(tmpdir(), 'veredicto-replica-'));
  const user = postgresUser();
  if (user.uid !== undefined) chownSync(root, user.uid, user.gid);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const servers: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once('exit', () => resolve());
            // SIGINT: PostgreSQL's fast shutdown.
            server.kill('SIGINT');
          }),
      ),
    );
    if (process.env.KEEP_REPLICA_LOGS)
      execFileSync('sh', ['-c', `cat ${root}/*.log > /tmp/replica-cluster.log`]);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    // A test cluster: no fsync (commits stay synchronous: a commit is in the WAL the standby gets); replication
    // connections from loopback.
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      'wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nfsync = off\n',
    );
    appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    servers.push(startServer(primaryDir, primaryPort, root));
    const primaryServer = `postgres://postgres@127.0.0.1:${primaryPort}`;
    await ready(`${primaryServer}/postgres`);
    await query(`${primaryServer}/postgres`, `create database ${database}`);
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      // Without it the backup waits for a spread checkpoint: minutes on an idle test server.
      '--checkpoint=fast',
    ]);
    servers.push(startServer(standbyDir, standbyPort, root));
    const primaryUrl = `${primaryServer}/${database}`;
    const replicaUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${database}`;
    await ready(replicaUrl);
    return {
      primaryUrl,
      replicaUrl,
      pauseReplay: async () => void (await query(replicaUrl, 'select pg_wal_replay_pause()')),
      resumeReplay: async () => void (await query(replicaUrl, 'select pg_wal_replay_resume()')),
      waitForCatchUp: async () => {
        const [{ lsn }] = await query<{ lsn: string }>(
          primaryUrl,
          'select pg_current_wal_flush_lsn()::text as lsn',
        );
        await waitFor(
          async () =>
            (
              await query<{ done: boolean }>(
                replicaUrl,
                `select pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '${lsn}') >= 0 as done`,
              )
            )[0].done,
          { timeoutMs: 30_000, what: 'the standby to catch up' },
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
