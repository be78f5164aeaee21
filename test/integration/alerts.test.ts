import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical from 'node-ical';
import pg from 'pg';
import { JobGateway, JobName, QueueName } from '@veredicto/jobs';
import { call as callApi } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { readOutbox } from '../support/eml.js';
import { createGame, createUser } from '../support/factories.js';
import { adminToken, call } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

const SLOW = 120_000;

/** A day this many days from the run's date (yyyy-MM-dd). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** dd-MM-yyyy, as the alerts say it. */
const spanish = (day: string) => day.split('-').reverse().join('-');
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

// The 20,000 users of the SIGKILL tests, made once by SQL for both backends (each test has them follow a game
// of its own); their mail goes to the weekly digest (20,000 mails are the benchmark's business).
const crowdTag = `f${Date.now().toString(36)}_`;
beforeAll(async () => {
  const db = new pg.Client({ connectionString: testEnv().databaseUrl });
  await db.connect();
  try {
    await db.query(
      `with made as (
         insert into users (username, username_key, email, password_hash, confirmed_at)
         select $1 || i, $1 || i, $1 || i || '@example.com', 'x', now() from generate_series(1, 20000) i
         returning id)
       insert into alert_settings (user_id, email) select id, 'weekly' from made`,
      [crowdTag],
    );
  } finally {
    await db.end();
  }
}, SLOW);

/**
 * Alerts of followed games end to end (docs/CONTRACT.md §11), against real PostgreSQL, queues and worker
 * processes: the operator's change becomes one notification and one mail per follower, exactly once
 * (the same change again, a fan-out run twice, a worker SIGKILLed mid fan-out of 20,000 followers);
 * 'Mis plataformas' filters; the one-click unsubscribe stops mail but not the bell; digests group. The
 * exactly-once tests (a date change, the same change again, the SIGKILL) run on both queue backends: Redis,
 * and BullMQ's PostgreSQL backend that `npm start` and the browser tier run on; the rest on Redis.
 */
describe('alerts of followed games (redis queues)', () => alertTests('redis', 'all'));
describe('alerts of followed games under faults (postgres queues)', () => alertTests('postgres', 'faults'));

function alertTests(backend: 'redis' | 'postgres', scope: 'all' | 'faults') {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Client;
  let env: Record<string, string>;
  let admin: string;
  let outbox: string;

  beforeAll(async () => {
    if (backend === 'redis' && !testEnv().redisUrl) {
      throw new Error('REDIS_URL is not set: the Redis half of the alert fault tests cannot run');
    }
    const prefix = `${testEnv().queuePrefix}_alerts_${backend}`;
    api = await startTestApi(backend, {
      QUEUE_PREFIX: prefix,
      DATA_DIR: join(testProcessDataDir(), prefix),
      PUBLIC_URL: 'https://veredicto.test',
    });
    env = api.env;
    outbox = join(env.DATA_DIR, 'outbox');
    workers = await startProcess('workers', env);
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    admin = await adminToken(api.baseUrl, env.ADMIN_PASSWORD);
  }, SLOW);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
  }, SLOW);

  const gateway = () => api.app.get(JobGateway);

  /** Nothing waiting, running or delayed on the alerts and events queues. */
  const queuesIdle = () =>
    waitFor(
      async () => {
        for (const name of [QueueName.Alerts, QueueName.Events]) {
          const queue = gateway().queue(name);
          const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
          if (counts.waiting + counts.active + counts.prioritized > 0) return false;
          // The schedules' next runs wait as delayed jobs: only retries count.
          const delayed = await queue.getDelayed();
          if (delayed.some((job) => !String(job.id).startsWith('repeat:'))) return false;
        }
        return true;
      },
      { what: 'the alerts and events queues to be idle', timeoutMs: 60_000 },
    );

  const wishlist = async (userId: number, gameId: number) => {
    const { rows } = await db.query(
      `insert into game_lists (user_id, name, name_key, reserved) values ($1, 'Deseados', 'deseados', true)
       on conflict (user_id, name_key) do update set reserved = true returning id`,
      [userId],
    );
    await db.query(`insert into game_list_entries (list_id, game_id) values ($1, $2)`, [rows[0].id, gameId]);
  };
  const want = (userId: number, gameId: number) =>
    db.query(`insert into game_statuses (user_id, game_id, status) values ($1, $2, 'want')`, [
      userId,
      gameId,
    ]);
  const settings = (userId: number, email: string, platforms: string[] = []) =>
    db.query(
      `insert into alert_settings (user_id, email, platforms) values ($1, $2, $3)
       on conflict (user_id) do update set email = excluded.email, platforms = excluded.platforms`,
      [userId, email, platforms],
    );
  const notificationsOf = async (userId: number) =>
    (
      await db.query(
        `select a.kind, a.text, n.mail, n.mailed_at from notifications n join alerts a on a.id = n.alert_id
         where n.user_id = $1 order by n.id`,
        [userId],
      )
    ).rows as { kind: string; text: string }[];
  const mailsTo = async (email: string) =>
    (await readOutbox(outbox)).filter((mail) => mail.headers.to?.includes(email));
  const edit = async (igdbId: number, body: object) => {
    const answer = await call(api.baseUrl, 'PATCH', `/api/admin/games/${igdbId}`, {
      token: admin,
      json: body,
    });
    expect(answer.status).toBe(200);
    return answer.body as { changeId: number | null };
  };

  it(
    'a date change notifies and mails each follower once; the same change again does nothing',
    async () => {
      const from = dayFromToday(100);
      const to = dayFromToday(160);
      const game = await createGame(db, { releaseDate: from, platforms: ['PC'] });
      await db.query(`update games set release_date_precision = 'day' where id = $1`, [game.id]);
      const byList = await createUser(db);
      const byStatus = await createUser(db);
      const bystander = await createUser(db);
      await wishlist(byList.id, game.id);
      await want(byStatus.id, game.id);

      const { changeId } = await edit(game.igdbId, { releaseDate: to });
      expect(changeId).not.toBeNull();
      await waitFor(async () => (await mailsTo(`${byStatus.username}@`)).length > 0, {
        what: 'the mail of the follower by status',
        timeoutMs: 30_000,
      });
      await queuesIdle();

      const expected = `Retrasado: ${spanish(from)} → ${spanish(to)}`;
      for (const follower of [byList, byStatus]) {
        expect(await notificationsOf(follower.id)).toMatchObject([{ kind: 'date-change', text: expected }]);
        const mails = await mailsTo(`${follower.username}@`);
        expect(mails).toHaveLength(1);
        expect(mails[0].headers.subject).toContain(expected);
        expect(mails[0].headers['list-unsubscribe']).toMatch(
          /^<https:\/\/veredicto\.test\/api\/alerts\/unsubscribe\?token=[0-9a-f]{64}>$/,
        );
        expect(mails[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        const text = mails[0].parts.find((part) => part.headers['content-type']?.startsWith('text/plain'));
        expect(text?.body).toContain(game.title);
      }
      expect(await notificationsOf(bystander.id)).toEqual([]);

      // The same edit again is no change; the same alert fanned out again (a re-dispatched event) adds nothing.
      expect((await edit(game.igdbId, { releaseDate: to })).changeId).toBeNull();
      const { rows: alerts } = await db.query(`select id from alerts where game_igdb_id = $1`, [game.igdbId]);
      expect(alerts).toHaveLength(1);
      await gateway().enqueue(JobName.FanOutAlert, { alertId: String(alerts[0].id) });
      await waitFor(
        async () => {
          const jobs = await gateway().queue(QueueName.Alerts).getJobs(['completed']);
          return (
            jobs.filter(
              (job) => job.name === JobName.FanOutAlert && job.data.alertId === String(alerts[0].id),
            ).length >= 2
          );
        },
        { what: 'the second fan-out to complete' },
      );
      await queuesIdle();
      for (const follower of [byList, byStatus]) {
        expect(await notificationsOf(follower.id)).toHaveLength(1);
        expect(await mailsTo(`${follower.username}@`)).toHaveLength(1);
      }

      // The bell: the list and the unread count, then 'Marcar todo como leído'.
      const reader = await userWithTokenFor(byStatus.id);
      const page = await callApi(api, 'GET', '/api/user/notifications', { token: reader });
      expect(page.json()).toMatchObject({
        unread: 1,
        content: [{ kind: 'date-change', igdbID: game.igdbId, text: expected, readAt: null }],
      });
      const read = await callApi(api, 'POST', '/api/user/notifications/read', {
        token: reader,
        body: { all: true },
      });
      expect(read.json()).toEqual({ unread: 0 });
    },
    SLOW,
  );

  if (scope === 'all') {
    it(
      "'Mis plataformas' filters dates and ports; the one-click unsubscribe stops mail, not the bell",
      async () => {
        const game = await createGame(db, { releaseDate: dayFromToday(200), platforms: ['PC'] });
        const pcPlayer = await createUser(db);
        const ps5Player = await createUser(db);
        const switchPlayer = await createUser(db);
        for (const user of [pcPlayer, ps5Player, switchPlayer]) await want(user.id, game.id);
        await settings(pcPlayer.id, 'immediate', ['pc']);
        await settings(ps5Player.id, 'immediate', ['ps5']);
        await settings(switchPlayer.id, 'immediate', ['switch']);

        await edit(game.igdbId, { releaseDate: dayFromToday(230) });
        await waitFor(async () => (await notificationsOf(pcPlayer.id)).length === 1, {
          what: 'the date alert',
        });
        await queuesIdle();
        expect(await notificationsOf(ps5Player.id)).toEqual([]);

        await edit(game.igdbId, { platforms: ['pc', 'ps5'] });
        await waitFor(async () => (await notificationsOf(ps5Player.id)).length === 1, {
          what: 'the port alert',
        });
        await queuesIdle();
        expect(await notificationsOf(ps5Player.id)).toMatchObject([
          { kind: 'new-platform', text: 'Llega a PlayStation 5' },
        ]);
        expect(await notificationsOf(pcPlayer.id)).toHaveLength(1);
        expect(await notificationsOf(switchPlayer.id)).toEqual([]);

        // One click, no login: mail off. The next change still rings the bell, and mails nothing.
        const [mail] = await mailsTo(`${ps5Player.username}@`);
        const unsubscribe = /^<(.+)>$/
          .exec(mail.headers['list-unsubscribe']!)![1]
          .replace('https://veredicto.test', api.baseUrl);
        const posted = await fetch(unsubscribe, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(posted.status).toBe(204);
        const { rows } = await db.query(`select email from alert_settings where user_id = $1`, [
          ps5Player.id,
        ]);
        expect(rows[0].email).toBe('off');
        const bad = await fetch(`${api.baseUrl}/api/alerts/unsubscribe?token=nada`, { method: 'POST' });
        expect(bad.status).toBe(400);

        await edit(game.igdbId, { releaseDate: dayFromToday(260) });
        await waitFor(async () => (await notificationsOf(ps5Player.id)).length === 2, {
          what: 'the bell after the unsubscribe',
        });
        await queuesIdle();
        expect(await mailsTo(`${ps5Player.username}@`)).toHaveLength(1);
        expect(await mailsTo(`${pcPlayer.username}@`)).toHaveLength(2);
      },
      SLOW,
    );

    it(
      'digests group the day’s alerts of a user in one mail; release day only for a known day',
      async () => {
        const today = madridToday();
        const game = await createGame(db, { releaseDate: today, platforms: ['PC'] });
        await db.query(`update games set release_date_precision = 'day' where id = $1`, [game.id]);
        const quarter = await createGame(db, { releaseDate: today, platforms: ['PC'] });
        await db.query(`update games set release_date_precision = 'quarter' where id = $1`, [quarter.id]);
        const daily = await createUser(db);
        await settings(daily.id, 'daily');
        await want(daily.id, game.id);
        await want(daily.id, quarter.id);
        // 'Mis plataformas' holds the release too: out on PC, nothing for a PlayStation-only player.
        const ps5Player = await createUser(db);
        await settings(ps5Player.id, 'immediate', ['ps5']);
        await want(ps5Player.id, game.id);

        await gateway().enqueue(JobName.ReleaseDayAlerts, { day: today });
        await waitFor(async () => (await notificationsOf(daily.id)).length === 1, {
          what: 'the release alert',
        });
        await edit(game.igdbId, { platforms: ['pc', 'switch-2'] });
        await waitFor(async () => (await notificationsOf(daily.id)).length === 2, { what: 'the port alert' });
        await queuesIdle();
        expect((await notificationsOf(daily.id)).map((one) => one.text)).toEqual([
          `Sale hoy: ${spanish(today)}`,
          'Llega a Nintendo Switch 2',
        ]);
        expect(await mailsTo(`${daily.username}@`)).toEqual([]);
        expect(await notificationsOf(ps5Player.id)).toEqual([]);

        await gateway().enqueue(JobName.SendAlertDigests, { period: 'daily' });
        await waitFor(async () => (await mailsTo(`${daily.username}@`)).length > 0, { what: 'the digest' });
        await gateway().enqueue(JobName.SendAlertDigests, { period: 'daily' });
        await queuesIdle();
        const mails = await mailsTo(`${daily.username}@`);
        expect(mails).toHaveLength(1);
        expect(mails[0].headers.subject).toContain('2 novedades');
        const text = mails[0].parts.find((part) =>
          part.headers['content-type']?.startsWith('text/plain'),
        )!.body;
        expect(text).toContain(`- Sale hoy: ${spanish(today)}`);
        expect(text).toContain('- Llega a Nintendo Switch 2');
        expect(text.split(game.title).length - 1).toBe(1);

        // The calendar feed: one all-day event for the game with a day, with a stable UID.
        const reader = await userWithTokenFor(daily.id);
        const { calendarUrl } = (await callApi(api, 'GET', '/api/user/alerts', { token: reader })).json() as {
          calendarUrl: string;
        };
        const feed = await fetch(calendarUrl.replace('https://veredicto.test', api.baseUrl));
        expect(feed.headers.get('content-type')).toContain('text/calendar');
        const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
          (entry) => entry?.type === 'VEVENT',
        ) as ical.VEvent[];
        expect(events.map((event) => event.uid)).toEqual([`game-${game.igdbId}@veredicto.test`]);
        expect(events[0].datetype).toBe('date');
      },
      SLOW,
    );
  }

  it(
    'a worker SIGKILLed mid fan-out of 20,000 followers ends with exactly 20,000 notifications',
    async () => {
      const game = await createGame(db, { releaseDate: dayFromToday(300), platforms: ['PC'] });
      await db.query(
        `insert into game_statuses (user_id, game_id, status)
         select id, $2, 'want' from users where left(username, length($1)) = $1`,
        [crowdTag, game.id],
      );
      const count = async () =>
        Number(
          (
            await db.query(
              `select count(*) from notifications n join alerts a on a.id = n.alert_id where a.game_igdb_id = $1`,
              [game.igdbId],
            )
          ).rows[0].count,
        );

      await edit(game.igdbId, { releaseDate: dayFromToday(320) });
      await waitFor(async () => (await count()) || undefined, {
        what: 'the fan-out to begin',
        intervalMs: 20,
        timeoutMs: 30_000,
      });
      await workers!.stop('SIGKILL');
      // Read once the worker is gone: a count read before the kill says nothing of what it wrote after.
      const atKill = await count();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(20_000);
      workers = await startProcess('workers', env);
      await waitFor(async () => (await count()) === 20_000, {
        what: '20,000 notifications after the restart',
        timeoutMs: 60_000,
        intervalMs: 250,
      });
      await queuesIdle();
      expect(await count()).toBe(20_000);
      const { rows } = await db.query(
        `select count(distinct n.user_id) from notifications n join alerts a on a.id = n.alert_id
       where a.game_igdb_id = $1`,
        [game.igdbId],
      );
      expect(Number(rows[0].count)).toBe(20_000);
    },
    SLOW,
  );

  const userWithTokenFor = async (userId: number) => {
    const { AuthTokenService } = await import('../../api/src/auth/auth-token.service.js');
    return api.app.get(AuthTokenService).issue({ id: userId, tokenVersion: 0 });
  };
}

function testProcessDataDir(): string {
  return join(tmpdir(), `veredicto-test-${testEnv().queuePrefix}`);
}
