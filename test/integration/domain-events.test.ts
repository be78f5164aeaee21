import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { JobGateway, JobName, OutboxRelay, QueueName } from '@veredicto/jobs';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { startFakeFastly, type FakeCdn } from '../support/fake-cdn.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;

/**
 * Domain events end to end: a change of figures is written to the outbox with the figures, and the one
 * dispatcher of a real worker process hands it to each consumer once (the CDN purge reaches a local fake
 * CDN). An event recorded while no worker runs is dispatched when one starts again.
 */
describe(`domain events through the outbox and the dispatcher (${backend} queues)`, () => {
  let cdn: FakeCdn;
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Client;
  let env: Record<string, string>;

  beforeAll(async () => {
    cdn = await startFakeFastly('servicio-eventos', 'clave-eventos');
    const cdnEnv = { CDN_PROVIDER: 'fastly', CDN_API_URL: cdn.url, CDN_ZONE_ID: 'servicio-eventos' };
    api = await startTestApi(backend, cdnEnv);
    env = { ...api.env, ...cdnEnv, CDN_API_TOKEN: 'clave-eventos' };
    workers = await startProcess('workers', env);
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await cdn?.close();
  }, 30_000);

  const eventRows = async (igdbId: number) =>
    (
      await db.query(
        `select payload, sent_at from job_outbox
         where job_name = 'dispatch-domain-event' and (payload->'event'->>'igdbId')::int = $1 order by id`,
        [igdbId],
      )
    ).rows as { payload: { id: string; event: Record<string, unknown> }; sent_at: Date | null }[];

  /** The dispatch jobs of the events queue for this event id, finished. */
  const dispatches = async (eventId: string) => {
    const queue = api.app.get(JobGateway).queue(QueueName.Events);
    const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
    return jobs.filter((job) => job.name === JobName.DispatchDomainEvent && job.data.id === eventId);
  };

  const purgedKeys = () => cdn.purges.flat();

  it('a change of figures writes one event with the figures and each consumer handles it once', async () => {
    const game = await createGame(db);
    await rate(db, (await createUser(db)).id, game.id, 80);
    const purgesBefore = purgedKeys().filter((key) => key === `game-${game.igdbId}`).length;

    await api.app.get(JobGateway).enqueue(JobName.RecalculateAverage, { gameId: game.id });
    const [row] = await waitFor(
      async () => {
        const rows = await eventRows(game.igdbId);
        return rows.length > 0 && rows.every((one) => one.sent_at) ? rows : undefined;
      },
      { what: 'the figures-changed event in the outbox, sent' },
    );
    // A player's rating moves only player figures: the event says so (the orderings by player score alone).
    expect(row.payload.event).toEqual({
      name: 'game.figures-changed',
      igdbId: game.igdbId,
      playersOnly: true,
    });

    const [job] = await waitFor(
      async () => {
        const jobs = await dispatches(row.payload.id);
        // Read again once completed: the first read may predate the return value.
        return jobs.length > 0 && (await jobs[0].isCompleted())
          ? await dispatches(row.payload.id)
          : undefined;
      },
      { what: 'the dispatch job to complete' },
    );
    expect(job.returnvalue).toEqual({
      id: row.payload.id,
      name: 'game.figures-changed',
      igdbId: game.igdbId,
      consumers: ['cdn-purge', 'alerts', 'catalogue-orderings'],
    });
    await waitFor(
      async () => purgedKeys().filter((key) => key === `game-${game.igdbId}`).length > purgesBefore,
      { what: "the game's purge at the fake CDN" },
    );

    // The same figures again: nothing changed, so no second event.
    await api.app.get(JobGateway).enqueue(JobName.RecalculateAverage, { gameId: game.id });
    await waitFor(
      async () => {
        const counts = await api.app
          .get(JobGateway)
          .queue(QueueName.Averages)
          .getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return counts.waiting + counts.active + counts.prioritized === 0;
      },
      { what: 'the second recalculation to finish' },
    );
    expect(await eventRows(game.igdbId)).toHaveLength(1);
    expect(await dispatches(row.payload.id)).toHaveLength(1);
  });

  it('an event recorded while no worker runs is dispatched once one starts again (outbox)', async () => {
    await workers!.stop('SIGKILL');
    workers = undefined;
    const game = await createGame(db);
    const relay = api.app.get(OutboxRelay);
    // Recorded in a transaction and not sent by its writer, as when the writer dies after its commit.
    const recorded = await api.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx) =>
        relay.recordEvents(tx, [{ name: 'game.figures-changed', igdbId: game.igdbId, firstCritic: true }]),
      );
    const [eventId] = recorded.envelopes.map((envelope) => envelope.id);

    workers = await startProcess('workers', env);
    const [job] = await waitFor(
      async () => {
        const jobs = await dispatches(eventId);
        return jobs.length > 0 && (await jobs[0].isCompleted()) ? await dispatches(eventId) : undefined;
      },
      { what: 'the dispatch after the restart', timeoutMs: 30_000 },
    );
    expect(job.returnvalue).toMatchObject({
      consumers: ['cdn-purge', 'alerts', 'catalogue-orderings'],
    });
    await waitFor(async () => purgedKeys().includes(`game-${game.igdbId}`), {
      what: "the restarted worker's purge at the fake CDN",
    });
    expect(await dispatches(eventId)).toHaveLength(1);
  });
});
