/**
 * Rating latency: how long from sending POST /api/user/rating until the new score shows in the
 * catalogue sorted by player average (GET /api/games/all?sortBy=avUserRatings).
 *
 *   BASE_URL=http://127.0.0.1:3000 DATABASE_URL=postgres://... node dist/bench/rating-latency.js
 *
 * It starts nothing: the API and the workers must be running against DATABASE_URL. It creates its
 * users (confirmed) and GAMES fresh games in the database, sends RATE ratings per second for DURATION
 * seconds, each a new (user, game) pair scoring 100 so the bench games sort first, and a single poller
 * reads the catalogue back to back. Rating n of a game counts as visible once the listed
 * userRatingCount reaches n. Everything it created is deleted at the end.
 *
 * Sessions: with JWT_SECRET set, tokens are signed locally; otherwise each user logs in through the API
 * from its own X-Forwarded-For address (login is limited per IP: start the API with
 * TRUSTED_PROXIES=loopback and run the bench on the same host).
 *
 * Settings: USERS (100), GAMES (20), RATE (50 per second), DURATION (20 seconds).
 */
import argon2 from 'argon2';
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { writeSection } from './performance-report.js';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const BASE_URL = env('BASE_URL').replace(/\/+$/, '');
const DATABASE_URL = env('DATABASE_URL');
const USERS = Number(env('USERS', '100'));
const GAMES = Number(env('GAMES', '20'));
const RATE = Number(env('RATE', '50'));
const DURATION = Number(env('DURATION', '20'));
const PASSWORD = 'bench-password-123';
const runId = `b${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

interface BenchGame {
  id: number;
  igdbId: number;
}

interface Pending {
  game: BenchGame;
  sequence: number;
  sentAt: number;
}

function signToken(userId: number, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), ver: 0, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

async function login(username: string, index: number): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`login of ${username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Fills `users` and `games` as it goes, so the caller deletes whatever was created even after a failure. */
async function setUp(
  db: pg.Client,
  users: { id: number; token: string }[],
  games: BenchGame[],
): Promise<void> {
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  for (let index = 0; index < USERS; index++) {
    const username = `${runId}_${index}`;
    const { rows } = await db.query(
      `insert into users (username, username_key, email, password_hash, confirmed_at)
       values ($1::text, lower($1::text), $2, $3, now()) returning id`,
      [username, `${username}@bench.invalid`, passwordHash],
    );
    const id = Number(rows[0].id);
    users.push({ id, token: '' });
    users[index].token = process.env.JWT_SECRET
      ? signToken(id, process.env.JWT_SECRET)
      : await login(username, index);
  }
  for (let index = 0; index < GAMES; index++) {
    const title = `Bench ${runId} ${index}`;
    const { rows } = await db.query(
      `insert into games (igdb_id, slug, title, search_name, platforms)
       values ((select greatest(coalesce(max(igdb_id), 0), 2000000000) + 1 from games), $1, $2::text, lower($2::text), '{PC}')
       returning id, igdb_id`,
      [title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title],
    );
    games.push({ id: Number(rows[0].id), igdbId: Number(rows[0].igdb_id) });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const users: { id: number; token: string }[] = [];
  const games: BenchGame[] = [];
  try {
    await run(db, users, games);
  } finally {
    await db.query('delete from games where id = any($1::int[])', [games.map((game) => game.id)]);
    await db.query('delete from users where id = any($1::int[])', [users.map((user) => user.id)]);
    await db.end();
  }
}

async function run(db: pg.Client, users: { id: number; token: string }[], games: BenchGame[]): Promise<void> {
  await setUp(db, users, games);
  process.stdout.write(
    `${users.length} users and ${games.length} games ready; ${RATE}/s for ${DURATION} s\n`,
  );

  const pending: Pending[] = [];
  const latencies: number[] = [];
  const postLatencies: number[] = [];
  const sentPerGame = new Map<number, number>();
  let failures = 0;
  let sending = true;
  let polls = 0;

  // One poller, reading the catalogue back to back, resolves every rating it can see.
  const poller = (async () => {
    while (sending || pending.length) {
      const response = await fetch(`${BASE_URL}/api/games/all?page=0&size=100&sortBy=avUserRatings`).catch(
        () => null,
      );
      polls++;
      if (!response?.ok) continue;
      const seenAt = performance.now();
      const page = (await response.json()) as { content: { id: number; userRatingCount: number }[] };
      const counts = new Map(page.content.map((game) => [game.id, game.userRatingCount]));
      for (let index = pending.length - 1; index >= 0; index--) {
        const item = pending[index];
        if ((counts.get(item.game.id) ?? 0) >= item.sequence) {
          latencies.push(seenAt - item.sentAt);
          pending.splice(index, 1);
        }
      }
      if (
        !sending &&
        pending.length &&
        performance.now() - Math.min(...pending.map((item) => item.sentAt)) > 30_000
      ) {
        process.stdout.write(`${pending.length} ratings never became visible within 30 s\n`);
        break;
      }
    }
  })();

  const total = RATE * DURATION;
  const start = performance.now();
  const requests: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Each rating is a new (user, game) pair, so a game's rating count grows by one per rating.
    const game = games[index % games.length];
    const user = users[Math.floor(index / games.length) % users.length];
    const sequence = (sentPerGame.get(game.id) ?? 0) + 1;
    sentPerGame.set(game.id, sequence);
    const sentAt = performance.now();
    requests.push(
      fetch(`${BASE_URL}/api/user/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ gameId: game.igdbId, score: 100 }),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          postLatencies.push(performance.now() - sentAt);
          pending.push({ game, sequence, sentAt });
        })
        .catch((error: unknown) => {
          if (failures++ === 0)
            process.stdout.write(`first failure: ${error instanceof Error ? error.message : error}\n`);
        }),
    );
  }
  await Promise.all(requests);
  const elapsed = (performance.now() - start) / 1000;
  sending = false;
  await poller;

  const sorted = [...latencies].sort((a, b) => a - b);
  const posts = [...postLatencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  writeSection(
    `rating-latency-${(process.env.QUEUE_BACKEND ?? 'default').split(' ')[0].toLowerCase()}`,
    [
      '## Rating → visible player average',
      '',
      `Command: \`BASE_URL=${BASE_URL} DATABASE_URL=… RATE=${RATE} DURATION=${DURATION} node dist/bench/rating-latency.js\` against \`npm start\` (API + worker process, queues on ${process.env.QUEUE_BACKEND ?? 'the running configuration'}).`,
      '',
      `Run: ${new Date().toISOString()} — ${total} ratings from ${USERS} users on ${GAMES} games at ${(total / elapsed).toFixed(1)}/s, ${failures} failed.`,
      '',
      '| measure | p50 | p95 | max |',
      '|---|---|---|---|',
      `| POST /api/user/rating answered (after the worker recalculated) | ${ms(percentile(posts, 50))} | ${ms(percentile(posts, 95))} | ${ms(posts.at(-1) ?? NaN)} |`,
      `| new score visible in /api/games/all?sortBy=avUserRatings | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1) ?? NaN)} |`,
      '',
    ].join('\n'),
  );
  process.stdout.write(
    [
      `sent ${total} ratings in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(1)}/s), ${failures} failed, ${polls} catalogue polls`,
      `POST answered:        p50 ${ms(percentile(posts, 50))}  p95 ${ms(percentile(posts, 95))}  max ${ms(posts.at(-1) ?? NaN)}`,
      `visible in catalogue: p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1) ?? NaN)}  (${sorted.length} measured)`,
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
