import 'reflect-metadata';
import type pg from 'pg';
import {
  HASHING_BUSY_MESSAGE,
  HASHING_CONCURRENCY,
  HASHING_QUEUE,
} from '../../api/src/auth/password-hashing.js';
import { freshIp, uniqueName } from '../support/accounts.js';
import { startApiAndClient, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';

/**
 * Issue 29, item 6: 200 registrations at once. Hashing is bounded, so the API answers each one at once,
 * either created or 503 with Retry-After and a Spanish message, and nothing of a refused one is written.
 */
describe('a burst of registrations meets bounded hashing', () => {
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => ({ api, db } = await startApiAndClient()), 60_000);
  afterAll(() => stopApiAndDatabase(api, db));

  const register = async (username: string) => {
    const started = Date.now();
    const response = await fetch(`${api.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ email: `${username}@example.com`, username, password: 'contraseña-segura-1' }),
    });
    return {
      username,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
      ms: Date.now() - started,
    };
  };

  it('200 at once: created or 503 with Retry-After, none lost half-way', async () => {
    const names = Array.from({ length: 200 }, () => uniqueName('rafaga'));
    const answers = await Promise.all(names.map(register));
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
    expect(created.length).toBeGreaterThanOrEqual(HASHING_CONCURRENCY + HASHING_QUEUE);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 503, message: HASHING_BUSY_MESSAGE });
    }
    const stored = await db.query('select username from users where username = any($1)', [names]);
    expect(stored.rows.map((row) => row.username).sort()).toEqual(
      created.map((answer) => answer.username).sort(),
    );
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    process.stdout.write(
      `RELIABILITY ${JSON.stringify({
        name: 'registration-burst',
        created: created.length,
        refused: refused.length,
        createdMedianMs: median(created.map((answer) => answer.ms)),
        refusedMedianMs: median(refused.map((answer) => answer.ms)),
        slowestMs: Math.max(...answers.map((answer) => answer.ms)),
        answeredUnderOneSecond: answers.filter((answer) => answer.ms < 1000).length,
      })}\n`,
    );

    // Those told to come back get in when they do.
    await new Promise((resolve) => setTimeout(resolve, Number(refused[0].retryAfter) * 1000));
    for (const answer of refused.slice(0, 3)) expect((await register(answer.username)).status).toBe(201);
  }, 300_000);
});
