import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '@veredicto/config';
import { freePort } from '@veredicto/runtime/embedded-postgres.js';
import { waitFor } from '../support/processes.js';

/** `npm start`'s supervisor on the embedded defaults: start, crash with SIGKILL, start again. */
describe('the npm start supervisor', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-supervisor-'));
  chmodSync(dataDir, 0o755);
  let port: number;
  let supervisor: ChildProcess | undefined;
  let output = '';

  const start = () => {
    output = '';
    supervisor = spawn(process.execPath, [fromRoot('dist/libs/runtime/src/cli.js')], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    supervisor.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return waitFor(async () => output.includes('Veredicto is running') || undefined, {
      timeoutMs: 90_000,
      what: 'the supervisor to report the site running',
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
  };

  const ready = async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status;

  beforeAll(async () => {
    port = await freePort();
  });

  afterAll(async () => {
    if (supervisor && supervisor.exitCode === null) {
      supervisor.kill('SIGINT');
      await new Promise((resolve) => supervisor?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its secrets, survives SIGKILL and stops cleanly on Ctrl-C', async () => {
    await start();
    expect(await ready()).toBe(200);
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    expect(output).toContain(`admin password (/admin): ${secrets.adminPassword}`);
    const postmaster = Number(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    // Crash: the children notice the lost parent and exit; the postmaster is orphaned.
    supervisor!.kill('SIGKILL');
    await waitFor(
      async () => {
        try {
          await fetch(`http://127.0.0.1:${port}/health/live`);
          return undefined;
        } catch {
          return true;
        }
      },
      { what: 'the API to exit with its parent', timeoutMs: 20_000 },
    );

    await start();
    expect(await ready()).toBe(200);
    expect(output).toContain('stopping the PostgreSQL server left running by an earlier crash');
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'))).toEqual(secrets);
    const newPostmaster = Number(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(newPostmaster).not.toBe(postmaster);

    supervisor!.kill('SIGINT');
    const code = await new Promise((resolve) => supervisor!.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('database stopped');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 240_000);
});

/** The niceness of this machine's processes running `script` with DATA_DIR=`dataDir` (from /proc). */
function niceOf(script: string, dataDir: string): number[] {
  const nices: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes(script)) continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
      // Field 19 of /proc/PID/stat, counted after the command name's closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      nices.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return nices;
}

/**
 * Ctrl-C in a terminal: SIGINT to the whole foreground process group of `npm start` (npm, the shell, the
 * supervisor and anything else in the group), not only to the supervisor.
 */
describe('npm start stopped as a terminal does', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-ctrl-c-'));
  chmodSync(dataDir, 0o755);
  let npm: ChildProcess | undefined;

  afterAll(async () => {
    if (npm?.pid && npm.exitCode === null) {
      process.kill(-npm.pid, 'SIGKILL');
      await new Promise((resolve) => npm?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the API and the workers, then the database, with exit code 0 and no error output', async () => {
    const port = await freePort();
    let stdout = '';
    let stderr = '';
    npm = spawn('npm', ['start', '--silent'], {
      cwd: fromRoot('.'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      // Its own process group, as a terminal gives a foreground job.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(async () => stdout.includes('Veredicto is running') || undefined, {
      timeoutMs: 180_000,
      what: 'npm start to report the site running',
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${stdout}\n${stderr}`);
    });
    expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
    // The workers yield the cores to the API (WORKER_NICENESS, 10 by default); the API keeps the supervisor's.
    expect(niceOf('dist/workers/src/main.js', dataDir)).toEqual([10]);
    expect(niceOf('dist/api/src/main.js', dataDir).every((nice) => nice === 0)).toBe(true);
    expect(niceOf('dist/api/src/main.js', dataDir).length).toBeGreaterThan(0);
    // A crítico is browsing while the stop comes: the API holds open database connections.
    void fetch(`http://127.0.0.1:${port}/api/games/all`).catch(() => undefined);

    const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
    process.kill(-npm.pid!, 'SIGINT');
    const code = await exited;

    expect(code).toBe(0);
    // npm's own notice about this machine's ~/.npmrc is not ours.
    const errors = stderr
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('npm warn'))
      .join('\n');
    expect(errors).toBe('');
    expect(stdout).not.toMatch(/57P01|terminating connection|Error|exited \(code/);
    expect(stdout.indexOf('stopping')).toBeLessThan(stdout.indexOf('database stopped'));
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 300_000);
});
