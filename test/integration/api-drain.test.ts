import 'reflect-metadata';
import http from 'node:http';
import { testProcessEnv } from '../support/api-app.js';
import { freePort } from '../support/free-port.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';

interface Outcome {
  client: number;
  status?: number;
  connection?: string;
  /** The error of a request that got no complete answer. */
  error?: string;
  /** Whether the request went on a connection the server had already answered on (keep-alive). */
  reused?: boolean;
  afterSignal: boolean;
}

/**
 * Issue 29, item 4: SIGTERM to an API process (dist/, as deployed) under keep-alive load. Readiness turns
 * false, the requests in flight are answered, each connection's last answer carries `Connection: close`,
 * new connections are refused once the last call is over, and the process exits by itself with code 0
 * before the grace period ends (when Kubernetes would SIGKILL it). No request on an open connection is
 * reset: each one is answered, or it could not connect at all. On both queue backends (the API closes its
 * queue connections while it drains).
 */
describe.each(['postgres', 'redis'] as const)(
  'the API stopped under keep-alive traffic (%s queues)',
  (backend) => {
    const graceMs = 10_000;
    let api: RunningProcess | undefined;

    afterAll(async () => {
      await api?.stop('SIGKILL');
    });

    it('answers what it accepted, closes each connection after an answer and exits 0 within the grace', async () => {
      const port = await freePort();
      api = await startProcess('api', {
        ...testProcessEnv(backend, { API_SHUTDOWN_GRACE_MS: String(graceMs) }),
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        api!.child.once('exit', (code, signal) => resolve({ code, signal })),
      );

      let signalled = false;
      const outcomes: Outcome[] = [];
      const get = (agent: http.Agent | false, path: string) =>
        new Promise<Omit<Outcome, 'client' | 'afterSignal'>>((resolve) => {
          const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
            response.resume();
            response.once('end', () =>
              resolve({ status: response.statusCode, connection: response.headers.connection }),
            );
            response.once('aborted', () => resolve({ error: 'aborted mid-answer' }));
          });
          request.once('error', (error: NodeJS.ErrnoException) =>
            resolve({ error: error.code ?? error.message, reused: request.reusedSocket }),
          );
        });

      // Eight browsers, each on one keep-alive connection, reading the catalogue as fast as it answers.
      const client = async (index: number) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (;;) {
          const afterSignal = signalled;
          const outcome = {
            client: index,
            afterSignal,
            ...(await get(agent, '/api/games/all?page=0&size=20')),
          };
          outcomes.push(outcome);
          if (outcome.error) break;
        }
        agent.destroy();
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, index) => client(index)));
      await waitFor(async () => outcomes.length >= 40, { what: 'the load to run' });

      signalled = true;
      api.child.kill('SIGTERM');
      const kubelet = setTimeout(() => api!.child.kill('SIGKILL'), graceMs);
      // Probes on new connections: readiness turns false as soon as the API has the signal (a probe sent
      // before it has may still read 200) and stays false while the last answers go out.
      const probe = await waitFor(
        async () => {
          const answer = await get(false, '/health/ready');
          return answer.status === 200 ? undefined : answer;
        },
        { what: 'readiness to turn false', intervalMs: 20 },
      );
      await load;
      const exit = await exited;
      clearTimeout(kubelet);

      const afterSignal = outcomes.filter((outcome) => outcome.afterSignal);
      process.stdout.write(
        `RELIABILITY ${JSON.stringify({
          name: `api-sigterm-keep-alive-${backend}`,
          graceMs,
          exit,
          requests: outcomes.length,
          answeredAfterSignal: afterSignal.filter((outcome) => outcome.status).length,
          errors: outcomes.filter((outcome) => outcome.error).map((outcome) => outcome.error),
        })}\n`,
      );
      expect(exit).toEqual({ code: 0, signal: null });
      expect(probe.status).toBe(503);
      // Every answer is whole and a 200. The only failures are new connections the server never took, once
      // the last call is over (refused, or reset in the listen backlog as it closed): never a request on a
      // connection it had answered on, never an answer cut short.
      expect(outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 200)).toEqual(
        [],
      );
      expect(outcomes.filter((outcome) => outcome.error !== undefined && outcome.reused !== false)).toEqual(
        [],
      );
      expect(outcomes.filter((outcome) => outcome.error && !outcome.afterSignal)).toEqual([]);
      for (let index = 0; index < 8; index++) {
        const answers = outcomes.filter((outcome) => outcome.client === index && outcome.status);
        // The connection's last answer told the client to close it.
        expect(answers.at(-1)?.connection).toBe('close');
        expect(answers.filter((outcome) => outcome.afterSignal).length).toBeGreaterThan(0);
      }
    }, 120_000);
  },
);
