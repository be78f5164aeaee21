import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { EnqueuedJob, JobStatus, News } from '@veredicto/contract';
import { adminPassword, confirmationLinkFor } from './env.js';

let sequence = 0;

/** A name no other test (or earlier run on the same server) uses: letters, digits and '_' only. */
export function uniqueName(prefix: string): string {
  sequence += 1;
  const random = Math.floor(Math.random() * 36 ** 3).toString(36);
  return `${prefix}_${Date.now().toString(36)}${sequence.toString(36)}${random}`;
}

/**
 * Setup calls each come from their own client address. The API sits behind a (loopback) proxy and keys its
 * per-IP limits of registration, login and the admin password on X-Forwarded-For, so API-made preconditions
 * do not use up the attempts of the browser, whose own flows are what the tests exercise.
 */
export function setupClientHeaders(): Record<string, string> {
  const n = Math.floor(Math.random() * 2 ** 24);
  return { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
  token: string;
}

export const DEFAULT_PASSWORD = 'contraseña-segura-1';

/** Registers an account through the API (POST /api/auth/register) and answers its e-mail's confirmation link. */
export async function registerThroughApi(
  request: APIRequestContext,
  prefix = 'critico',
): Promise<{ username: string; email: string; password: string; confirmationLink: string }> {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const password = DEFAULT_PASSWORD;
  const registered = await request.post('/api/auth/register', {
    data: { email, username, password },
    headers: setupClientHeaders(),
  });
  await expectOk(registered, 'POST /api/auth/register');
  return { username, email, password, confirmationLink: await confirmationLinkFor(email) };
}

/** POST /api/auth/login: the JWT. */
export async function loginThroughApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { username, password },
    headers: setupClientHeaders(),
  });
  await expectOk(response, 'POST /api/auth/login');
  return ((await response.json()) as { token: string }).token;
}

/** A fresh, confirmed account: register, read the outbox, GET /api/auth/confirm?token=, log in. */
export async function createUser(request: APIRequestContext, prefix = 'critico'): Promise<TestUser> {
  const account = await registerThroughApi(request, prefix);
  const token = new URL(account.confirmationLink).searchParams.get('token') ?? '';
  const confirmed = await request.get(`/api/auth/confirm?token=${encodeURIComponent(token)}`, {
    headers: setupClientHeaders(),
  });
  await expectOk(confirmed, 'GET /api/auth/confirm');
  return {
    username: account.username,
    email: account.email,
    password: account.password,
    token: await loginThroughApi(request, account.username, account.password),
  };
}

/**
 * Makes the page start logged in with `token` (localStorage 'token', as the front keeps it). The token is
 * written once per tab, before the app's scripts run, so a later logout or account deletion sticks.
 */
export async function signInPage(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    try {
      if (window.sessionStorage.getItem('e2e-token-written')) return;
      window.localStorage.setItem('token', value);
      window.sessionStorage.setItem('e2e-token-written', '1');
    } catch {
      // A frame of another origin (e.g. a video player) has no access to the site's storage.
    }
  }, token);
}

/** A fresh confirmed account, already logged in on `page` (through the API). */
export async function loggedInUser(
  page: Page,
  request: APIRequestContext,
  prefix = 'critico',
): Promise<TestUser> {
  const user = await createUser(request, prefix);
  await signInPage(page, user.token);
  return user;
}

/**
 * Opens the admin console already unlocked: an admin token from the API in sessionStorage 'adminToken',
 * where the console keeps the one it gets from the password prompt.
 */
export async function signInAdminPage(page: Page, request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  await page.addInitScript((value) => {
    try {
      if (window.location.pathname === '/admin') window.sessionStorage.setItem('adminToken', value);
    } catch {
      // A frame of another origin has no access to the site's storage.
    }
  }, token);
}

/** A short-lived admin token from POST /api/auth/check-password. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/check-password', {
    data: { password: await adminPassword() },
    headers: setupClientHeaders(),
  });
  await expectOk(response, 'POST /api/auth/check-password');
  return ((await response.json()) as { token: string }).token;
}

/** Waits for a queued job to finish (GET /api/admin/jobs/{queue}/{jobId}) and expects it completed. */
export async function waitForJob(
  request: APIRequestContext,
  token: string,
  job: EnqueuedJob,
  timeout = 30_000,
): Promise<JobStatus> {
  let status: JobStatus | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/admin/jobs/${job.queue}/${job.jobId}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        status = response.ok() ? ((await response.json()) as JobStatus) : undefined;
        return status?.state;
      },
      { timeout, message: `job ${job.queue}/${job.jobId} finishes` },
    )
    .toMatch(/^(completed|failed)$/);
  expect(status?.failedReason ?? null, `job ${job.jobId} failed`).toBeNull();
  expect(status?.state).toBe('completed');
  return status as JobStatus;
}

export async function allNews(request: APIRequestContext): Promise<News[]> {
  const response = await request.get('/api/news/all');
  await expectOk(response, 'GET /api/news/all');
  return (await response.json()) as News[];
}

/** Imports one article through the admin API (POST /api/news/scraper) and waits for the worker. */
export async function importNewsThroughApi(request: APIRequestContext, url: string): Promise<News> {
  const token = await adminToken(request);
  const response = await request.post('/api/news/scraper', {
    form: { url },
    headers: { Authorization: `Bearer ${token}` },
  });
  await expectOk(response, 'POST /api/news/scraper');
  await waitForJob(request, token, (await response.json()) as EnqueuedJob);
  // The job's end reaches the API's short cache of /api/news/all as a queue event, a moment after the job
  // reports itself done: until then the list may be the one read before the import.
  let item: News | undefined;
  await expect
    .poll(
      async () => {
        item = (await allNews(request)).find((news) => news.link === url);
        return item !== undefined;
      },
      { message: `the article ${url} is in /api/news/all after its import`, timeout: 15_000 },
    )
    .toBe(true);
  return item!;
}

/** Collects the page's window.alert / confirm messages, accepting each one. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** dd-MM-yyyy in the local time zone, as the front end formats timestamps (the browser shares it). */
export function formatLocalDate(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(value.getDate())}-${pad(value.getMonth() + 1)}-${value.getFullYear()}`;
}

/** GET an API path and answer its JSON body (expects a 2xx answer). */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  await expectOk(response, `GET ${path}`);
  return (await response.json()) as T;
}

// Scores, their colour classes and dates as the front shows them: the contract's, not copies that could drift.
export { formatDate, formatReleaseDate, formatScore, scoreClass } from '@veredicto/contract';

/** Removes news items through the admin API (DELETE /api/news/{id}); already-deleted ones are fine. */
export async function deleteNewsThroughApi(request: APIRequestContext, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const token = await adminToken(request);
  for (const id of ids) {
    const response = await request.delete(`/api/news/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok() && response.status() !== 404)
      throw new Error(`DELETE /api/news/${id} answered ${response.status()}`);
  }
}
