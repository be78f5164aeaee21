import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
