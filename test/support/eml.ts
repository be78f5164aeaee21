import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One part of a MIME message: its headers (lower-case names) and its decoded body. */
export interface MailPart {
  headers: Record<string, string>;
  body: string;
}

export interface ParsedMail extends MailPart {
  parts: MailPart[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parsePart(raw: string): MailPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const rest = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rest)
      : encoding === 'base64'
        ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8')
        : rest;
  return { headers, body };
}

/** A message as nodemailer writes it: headers, and the parts of a multipart body. */
export function parseEml(raw: string): ParsedMail {
  const message = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((chunk) => !chunk.startsWith('--'))
        // The line break before a boundary belongs to the boundary (RFC 2046).
        .map((chunk) => parsePart(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')))
    : [];
  return { ...message, parts };
}

/** The .eml files of an outbox folder, parsed, oldest first. */
export async function readOutbox(folder: string): Promise<(ParsedMail & { file: string })[]> {
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => ({ file, ...parseEml(await readFile(join(folder, file), 'utf8')) })),
  );
}
