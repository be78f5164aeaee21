import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ConfigError, configProblems, fromRoot } from '@veredicto/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { loadOrCreateSecrets } from './secrets.js';

const say = (message: string) => process.stdout.write(`[veredicto] ${message}\n`);

interface ManagedProcess {
  name: 'api' | 'workers';
  script: string;
  child?: ChildProcess;
  restarts: number;
}

/**
 * `npm start`: the embedded PostgreSQL (unless DATABASE_URL is set), secrets generated once, then the
 * API and the workers as separate processes. Ctrl-C stops them all and the database cleanly; a child
 * that crashes is restarted with backoff.
 */
export async function runSupervisor(): Promise<void> {
  const dataDir = isAbsolute(process.env.DATA_DIR ?? '')
    ? process.env.DATA_DIR!
    : fromRoot(process.env.DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  env.JWT_SECRET ||= secrets.jwtSecret;
  env.ADMIN_PASSWORD ||= secrets.adminPassword;
  env.NODE_ENV ||= 'production';

  let database: EmbeddedDatabase | undefined;
  let stopping = false;
  const processes: ManagedProcess[] = [
    { name: 'api', script: fromRoot('dist/api/src/main.js'), restarts: 0 },
    { name: 'workers', script: fromRoot('dist/workers/src/main.js'), restarts: 0 },
  ];

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await Promise.all(processes.map((managed) => stopChild(managed.child)));
    if (database) {
      await database.stop().catch(() => undefined);
      say('database stopped');
    }
    process.exit(code);
  };
  // embedded-postgres installs exit hooks that stop the database and exit(130) on the first signal,
  // racing with the API and workers still running: this supervisor owns the shutdown order instead.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
  }

  if (!env.DATABASE_URL) {
    database = await startEmbeddedPostgres(join(dataDir, 'postgres'), { log: say });
    env.DATABASE_URL = database.url;
    say(`embedded PostgreSQL on 127.0.0.1:${database.port} (data in ${join(dataDir, 'postgres')})`);
  }
  const problems = configProblems(env);
  if (problems.length > 0) {
    process.stderr.write(`${new ConfigError(problems).message}\n`);
    await shutdown(78);
  }

  const start = (managed: ManagedProcess) =>
    new Promise<void>((resolve, reject) => {
      // Own process group: a terminal's Ctrl-C reaches only the supervisor, which stops the children in order.
      const child = fork(managed.script, [], {
        env,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        detached: true,
      });
      managed.child = child;
      let ready = false;
      child.on('message', (message: { type?: string }) => {
        if (message?.type === 'ready') {
          ready = true;
          resolve();
        }
      });
      child.on('exit', (code, signal) => {
        if (stopping) return;
        if (!ready) {
          reject(new Error(`${managed.name} stopped during start (code ${code ?? signal})`));
          return;
        }
        managed.restarts += 1;
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(managed.restarts, 5));
        say(`${managed.name} exited (code ${code ?? signal}); restarting in ${delay / 1000} s`);
        setTimeout(() => void start(managed).catch((error: Error) => say(error.message)), delay);
      });
    });

  try {
    // The API first: it applies migrations and loads the demo catalogue on the first start.
    await start(processes[0]);
    await start(processes[1]);
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    await shutdown(1);
    return;
  }
  const port = env.PORT ?? '3000';
  say(`Veredicto is running on ${env.PUBLIC_URL ?? `http://localhost:${port}`}`);
  say(
    `admin password (/admin): ${env.ADMIN_PASSWORD}${secrets.generated ? '  (generated now, kept in ' + join(dataDir, 'secrets.json') + ')' : ''}`,
  );
  say('press Ctrl-C to stop');
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
