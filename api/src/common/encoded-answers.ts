import type { Request, Response } from 'express';
import { routeLabel } from '@veredicto/metrics';
import * as zlib from 'node:zlib';
import { appendVary } from './edge-policy.middleware.js';

export type Encoding = 'zstd' | 'br' | 'gzip' | 'identity';

/** Node's zstd (Node 24; absent before 22.15): without it, br and gzip. */
const zstdCompress = (zlib as Partial<typeof zlib>).zstdCompressSync;

/**
 * The encodings a JSON answer is sent in, the server's preference first among those a client ranks
 * equal: zstd and brotli are smaller than gzip and quicker to make at these levels.
 */
export const ENCODINGS: readonly Encoding[] = zstdCompress
  ? ['zstd', 'br', 'gzip', 'identity']
  : ['br', 'gzip', 'identity'];

/** Below this size an answer travels as it is, as the `compression` middleware leaves it (its threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): the one with the highest
 * q-value, the server's preference (ENCODINGS) among equals; `*` stands for any encoding not named;
 * identity is acceptable unless refused (`identity;q=0`, `*;q=0`), and sent anyway when everything is
 * refused (an answer the client can read rather than a 406).
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    // A malformed q-value refuses nothing and prefers nothing.
    if (!Number.isFinite(q) || q < 0 || q > 1) q = 1;
    quality.set(name, Math.max(q, quality.get(name) ?? 0));
  }
  const star = quality.get('*');
  // Identity not named: as `*` says, else as the least wanted encoding named (as the `negotiator` package
  // reads it, so `gzip;q=0.5` still prefers gzip).
  const identity = quality.get('identity') ?? star ?? Math.min(...quality.values());
  const qualityOf = (encoding: Encoding) =>
    encoding === 'identity' ? identity : (quality.get(encoding) ?? star ?? 0);
  let best: Encoding = 'identity';
  let bestQuality = 0;
  for (const encoding of ENCODINGS) {
    const q = qualityOf(encoding);
    // Identity only when nothing compressed is wanted more: it ranks last among equals.
    if (q > bestQuality) [best, bestQuality] = [encoding, q];
  }
  return best;
}

/** The last headers negotiated: clients send a handful of distinct `Accept-Encoding` values. */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_KEPT = 64;

/** negotiateEncoding, read once per distinct header. */
function negotiatedEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/** The body in an encoding, at levels that cost a fraction of a millisecond for a 25 KB page. */
function encode(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  switch (encoding) {
    case 'zstd':
      return zstdCompress!(body, { params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } });
    case 'br':
      return zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      });
    case 'gzip':
      return zlib.gzipSync(body, { level: 6 });
  }
}

/** The body in `encoding`, or as it is when it is too small to be worth compressing. */
function encodeOnce(identity: Buffer, encoding: Encoding): { body: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || identity.length < COMPRESS_FROM_BYTES)
    return { body: identity, encoding: 'identity' };
  return { body: encode(identity, encoding), encoding };
}

interface Entry {
  /** What the bodies were made from: the same stamp means the same body. */
  stamp: unknown;
  /** By the encoding asked for: what was sent for it (identity when the body is too small). */
  bodies: Partial<Record<Encoding, { body: Buffer; encoding: Encoding }>>;
  bytes: number;
}

/**
 * Answers kept with their compressed bodies, each made once per answer and encoding and reused by every
 * request that asks for it (a browser's `gzip, deflate, br, zstd`, a CDN's, a plain client's identity),
 * instead of compressed again per request. An answer is known by a key (its URL) and a stamp that changes
 * whenever its body would (the read cache's body itself, or the catalogue's revision): a new stamp makes
 * the bodies again. Bounded by bytes, least recently used first.
 */
export class EncodedAnswers {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** `countHit`: told of every body given from what was kept, with the answer's route. */
  constructor(
    readonly countHit: (route: string) => void = () => undefined,
    private readonly maxBytes = 48 * 2 ** 20,
  ) {}

  /**
   * The answer's body in `encoding` (identity below COMPRESS_FROM_BYTES) and the encoding it is in.
   * `make` gives the identity body; it is called only when this key has no body of this stamp yet.
   */
  body(
    key: string,
    stamp: unknown,
    encoding: Encoding,
    make: () => Buffer,
  ): { body: Buffer; encoding: Encoding; kept?: true } {
    // An answer made for this request alone: encoded, not kept.
    if (stamp === undefined) return encodeOnce(make(), encoding);
    let entry = this.entries.get(key);
    if (entry && entry.stamp !== stamp) {
      this.forget(key, entry);
      entry = undefined;
    }
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = { stamp, bodies: {}, bytes: 0 };
      this.entries.set(key, entry);
    }
    const found = entry.bodies[encoding];
    if (found) return { ...found, kept: true };
    // A compressed body is all most clients need: the identity body is kept only when one asks for it.
    const made = encodeOnce(entry.bodies.identity?.body ?? make(), encoding);
    this.keep(entry, encoding, made);
    return made;
  }

  private keep(entry: Entry, asked: Encoding, made: { body: Buffer; encoding: Encoding }): void {
    entry.bodies[asked] = made;
    entry.bytes += made.body.length;
    this.bytes += made.body.length;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes || old === entry) break;
      this.forget(key, old);
    }
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a JSON answer in the encoding its request asked for, with `Vary: Accept-Encoding` (a CDN keeps one
 * copy per encoding) and its length; the `compression` middleware leaves an answer that already states a
 * `Content-Encoding` as it is. The other headers (security, CDN policy) are the ones already set on it.
 */
export function sendEncoded(
  request: Request,
  response: Response,
  answers: EncodedAnswers,
  stamp: unknown,
  make: () => Buffer,
): void {
  // A HEAD states the plain body's length, as the `compression` middleware leaves it.
  const wanted =
    request.method === 'HEAD' ? 'identity' : negotiatedEncoding(request.headers['accept-encoding']);
  const { body, encoding, kept } = answers.body(request.originalUrl, stamp, wanted, make);
  if (kept) answers.countHit(routeLabel(request));
  response.setHeader('Content-Type', JSON_TYPE);
  response.setHeader('Vary', appendVary(response.getHeader('Vary'), 'Accept-Encoding'));
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.end(body);
}
