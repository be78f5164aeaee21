import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '@veredicto/config';

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a compiled process (dist/) and resolves once it reports ready over IPC. */
export function startProcess(
  script: 'api' | 'workers',
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<RunningProcess> {
  // The workers' Chromium writes its profile and a socket folder under TMPDIR, and a worker a test kills
  // leaves them there: each process gets a TMPDIR of its own, removed when it exits (and once more a little
  // later, should a Chromium outlive it for a moment).
  const scratch = env.TMPDIR ? undefined : mkdtempSync(join(tmpdir(), `veredicto-${script}-`));
  const child = fork(fromRoot(`dist/${script}/src/main.js`), [], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...(scratch ? { TMPDIR: scratch } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (scratch) {
    const remove = () => rmSync(scratch, { recursive: true, force: true });
    child.once('exit', () => {
      remove();
      setTimeout(remove, 2000).unref();
    });
  }
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running: RunningProcess = {
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolve(running);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} during start:\n${output}`));
    });
  });
}

export const waitFor = async <T>(
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
