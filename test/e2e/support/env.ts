import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The data folder of the product run by playwright.config.ts (embedded PostgreSQL, outbox, secrets). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** The admin password the embedded run generated on its first start. */
export async function adminPassword(): Promise<string> {
  const secrets = JSON.parse(await readFile(join(dataDir(), 'secrets.json'), 'utf8')) as {
    adminPassword?: string;
  };
  if (!secrets.adminPassword) throw new Error('secrets.json has no adminPassword');
  return secrets.adminPassword;
}

/** Undoes quoted-printable: soft line breaks ('=' at the end of a line) and =XX escapes (UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escape = /^=([0-9A-F]{2})/i.exec(joined.slice(index, index + 3));
    if (escape) {
      bytes.push(Number.parseInt(escape[1], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The decoded text of the newest e-mail in the outbox addressed to `email`, if any. */
export async function newestMailTo(email: string): Promise<string | undefined> {
  const outbox = join(dataDir(), 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  // File names start with the sending time in milliseconds.
  files.sort().reverse();
  const to = new RegExp(`^To:.*\\b${escapeRegExp(email)}\\b`, 'mi');
  for (const file of files) {
    const raw = await readFile(join(outbox, file), 'utf8');
    const [headers] = raw.split(/\r?\n\r?\n/, 1);
    if (to.test(headers)) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

/** The confirmation link of the newest e-mail sent to `email`; waits for the mail to be written. */
export function confirmationLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  return mailedLinkFor(email, '/confirm', timeoutMs);
}

/** The link to `path` (with its token) in the newest e-mail sent to `email`; waits for the mail. */
export async function mailedLinkFor(email: string, path: string, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${escapeRegExp(path)}\\?token=[A-Za-z0-9_-]+`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await newestMailTo(email);
    const link = mail ? pattern.exec(mail)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} with a link to ${path} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The product's embedded PostgreSQL (port from its postmaster.pid), for a test that must write a past
 * the API cannot: ratings given weeks ago by accounts of that time.
 */
export async function embeddedDatabaseUrl(): Promise<string> {
  const pid = await readFile(join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('no port in postmaster.pid');
  return `postgres://postgres:postgres@127.0.0.1:${port}/veredicto`;
}
