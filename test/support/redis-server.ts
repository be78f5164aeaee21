import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops this server (by its pid) and waits for it to exit; its data is gone (no persistence). */
  stop(): Promise<void>;
  /** Starts a new, empty server on the same port. */
  start(): Promise<void>;
}

/**
 * A Redis server of the test's own, on a free port, without persistence: stopping it is an outage, and
 * starting it again is "Redis restarted without its data". The shared Redis on 6379 is never touched.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      let output = '';
      // No silent skip: the fault tests need a Redis server of their own.
      server.once('error', (error) =>
        reject(
          new Error(`redis-server could not start (install Redis 7 to run these tests): ${error.message}`),
        ),
      );
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code) => {
        clearTimeout(timer);
        if (!output.includes('Ready to accept connections')) reject(new Error(`redis-server exited ${code}`));
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const server = child;
      if (!server || server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      process.kill(server.pid!, 'SIGKILL');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
