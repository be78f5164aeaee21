import 'reflect-metadata';
import pg from 'pg';
import { MetricsExporter } from '@veredicto/metrics';
import { call, userWithToken } from '../support/accounts.js';
import { prepareDatabase } from '../../api/src/prepare-database.js';
import { loadConfig } from '@veredicto/config';
import { startTestApi, testProcessEnv, type TestApi } from '../support/api-app.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { endPool, startReplicaCluster, type ReplicaCluster } from '../support/replica-cluster.js';
import { ONE_BACKEND } from '../support/test-env.js';

const backend = ONE_BACKEND;

/**
 * A real primary and a streaming standby (pg_basebackup) of their own: the API reads anonymous requests
 * from the standby and a user's reads right after their write from the primary, and shows the lag.
 */
describe(`read replicas (${backend} queues)`, () => {
  let cluster: ReplicaCluster;
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let primary: pg.Pool;

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    const overrides = { DATABASE_URL: cluster.primaryUrl, DATABASE_READ_URLS: cluster.replicaUrl };
    // The API migrates the primary at start; the standby receives the schema by streaming.
    // The whole demo catalogue before the API starts (npm start completes it after listening).
    await (
      await prepareDatabase(loadConfig(testProcessEnv(backend, overrides)))
    )?.();
    api = await startTestApi(backend, overrides);
    workers = await startProcess('workers', api.env);
    primary = new pg.Pool({ connectionString: cluster.primaryUrl, max: 4 });
    await cluster.waitForCatchUp();
  }, 180_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    if (primary) await endPool(primary);
    await cluster?.stop();
  }, 60_000);

  const metric = async (name: string) => {
    const port = api.app.get(MetricsExporter).port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return text.split('\n').filter((line) => line.startsWith(name));
  };

  it('anonymous reads come from the replica: a change it has not replayed yet is not seen', async () => {
    const game = await createGame(primary);
    await cluster.waitForCatchUp();
    const before = await call(api, 'GET', `/api/games/avRating/${game.igdbId}`);
    expect(before.status).toBe(200);
    expect(before.json()).toBeNull();

    await cluster.pauseReplay();
    try {
      await rate(primary, (await createUser(primary)).id, game.id, 70);
      await primary.query('update games set av_user_ratings = 70, user_rating_count = 1 where id = $1', [
        game.id,
      ]);
      // The standby received the change but does not show it: anonymous readers still see no average.
      expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBeNull();
      // ... and the lag is visible in the API's metrics.
      const lag = await waitFor(
        async () => {
          const [line] = await metric('veredicto_db_replica_lag_seconds{server="replica-1"');
          const value = line ? Number(line.split(' ').pop()) : 0;
          return value > 0 ? value : undefined;
        },
        { what: 'a replica lag above 0' },
      );
      expect(lag).toBeGreaterThan(0);
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.waitForCatchUp();
    expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBe(70);
  });

  it('a user sees their own rating at once while the replica lags; others see it once it catches up', async () => {
    const game = await createGame(primary);
    const user = await userWithToken(api, primary);
    await cluster.waitForCatchUp();
    await cluster.pauseReplay();
    try {
      const posted = await call(api, 'POST', '/api/user/rating', {
        token: user.token,
        body: { gameId: game.igdbId, score: 64 },
      });
      expect(posted.status).toBe(200);
      // The author's next reads go to the primary.
      const own = await call(api, 'GET', `/api/games/avRating/${game.igdbId}`, { token: user.token });
      expect(own.json()).toBe(64);
      // A browser carries the cookie set by the write to any API process.
      const response = await fetch(`${api.baseUrl}/api/games/avRating/${game.igdbId}`, {
        headers: { cookie: 'veredicto_primario=1' },
      });
      expect(await response.json()).toBe(64);
      // Everyone else reads the lagging replica.
      expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBeNull();
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.waitForCatchUp();
    expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBe(64);
  });

  it('the pools of both servers are in the metrics', async () => {
    const lines = await metric('veredicto_db_pool_connections');
    expect(lines.some((line) => line.includes('server="primary",state="total"'))).toBe(true);
    expect(lines.some((line) => line.includes('server="replica-1",state="total"'))).toBe(true);
  });
});
