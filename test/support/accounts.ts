import { createHmac, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { AuthTokenService } from '../../api/src/auth/auth-token.service.js';
import type { TestApi } from './api-app.js';
import { createUser } from './factories.js';
import { waitFor } from './processes.js';

// From a random start: the test files of one jest worker run one after another on one queue prefix, and
// without Redis the limits' counts are in PostgreSQL, where an earlier file's addresses are still counted.
let ipSequence = randomInt(2 ** 24);
/** A client address of its own: the account endpoints are rate limited per IP (the API trusts loopback proxies). */
export const freshIp = () =>
  `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence++ & 255}`;

export interface CallResult {
  status: number;
  text: string;
  json: () => unknown;
  contentType: string;
}

/** fetch against the test API; `token` becomes the bearer header, `ip` the client address. */
export async function call(
  api: TestApi,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text),
    contentType: response.headers.get('content-type') ?? '',
  };
}

const outboxOf = (api: TestApi) => join(api.env.DATA_DIR, 'outbox');

/** The token of the last e-mail sent to that address with a link to `path`, read from the .eml outbox. */
export async function mailedToken(api: TestApi, email: string, path = '/confirm'): Promise<string> {
  const link = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`);
  return waitFor(
    async () => {
      for (const raw of await mailsTo(api, email)) {
        const match = link.exec(raw);
        if (match) return match[1];
      }
      return undefined;
    },
    { what: `an e-mail to ${email} with a link to ${path}`, timeoutMs: 5000 },
  );
}

/** The e-mails sent to that address, newest first (quoted-printable undone). */
export async function mailsTo(api: TestApi, email: string): Promise<string[]> {
  const files = (await readdir(outboxOf(api)).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  const mails: string[] = [];
  for (const file of files) {
    // Undo quoted-printable soft line breaks and the '=' escape before looking for the link.
    const raw = (await readFile(join(outboxOf(api), file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    if (new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(raw)) mails.push(raw);
  }
  return mails;
}

/** The confirmation token of the last e-mail sent to that address. */
export const confirmationTokenFor = (api: TestApi, email: string) => mailedToken(api, email, '/confirm');

let accountSequence = 0;
export const uniqueName = (prefix = 'critico') =>
  `${prefix}_${Date.now().toString(36)}${(accountSequence++).toString(36)}`;

/** Registers, confirms through the e-mailed link and logs in, as the front end would. */
export async function registerConfirmAndLogin(api: TestApi, password = 'contraseña-segura-1') {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const registered = await call(api, 'POST', '/api/auth/register', { body: { email, username, password } });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const token = await confirmationTokenFor(api, email);
  const confirmed = await call(api, 'GET', `/api/auth/confirm?token=${token}`);
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  const login = await call(api, 'POST', '/api/auth/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  return { username, email, password, token: (login.json() as { token: string }).token };
}

/** A confirmed account made straight in the database, with a session token from the API's own signer. */
export async function userWithToken(api: TestApi, db: pg.Client | pg.Pool) {
  const user = await createUser(db);
  const token = await api.app.get(AuthTokenService).issue({ id: user.id, tokenVersion: 0 });
  return { ...user, token };
}

/** A hand-made JWT, to try what the API must refuse. */
export function craftJwt(header: object, payload: object, secret?: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
}
