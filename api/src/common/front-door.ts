import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { routeLabel, type HttpRequestRecorder } from '@veredicto/metrics';
import { PRIMARY_COOKIE } from './edge-policy.middleware.js';
import type { MicroCache } from './micro-cache.js';

/** What a handler whose body came from the read cache sets on `response.locals` (see `markSharedRead`). */
const SHARED_READ = 'sharedRead';

/** Says that this answer is the read cache's shared copy: the same for every anonymous visitor. */
export function markSharedRead(response: { locals: Record<string, unknown> }): void {
  response.locals[SHARED_READ] = true;
}

/** Headers a replayed answer does not repeat: the connection's own, and the length (set from the body). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

interface Copy {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  route: string;
  /** The read cache's generation it was copied under: any invalidation since makes it unusable. */
  generation: number;
  expires: number;
}

/** A lane's answer: its body, and the headers that differ from one answer to the next (`FrontDoorLane.own`). */
export interface LaneAnswer {
  body: Buffer;
  headers?: OutgoingHttpHeaders;
}

/**
 * A read the front door answers itself, without the application's framework, from what the application
 * keeps in memory (the catalogue's pages: CatalogueMemoryService; searches: the search index and the
 * catalogue's cards). It answers only a plain GET of exactly its path whose query it reads wholly, with
 * no compression asked for; anything else goes to the application, whose answer for this path gives the
 * status and headers the lane sends with its own bodies.
 */
export interface FrontDoorLane {
  /** The path it answers, exactly (no trailing slash, no other case). */
  path: string;
  /** Headers (lower case) of the application's answer that each answer sets for itself: not replayed. */
  own?: readonly string[];
  /**
   * The answer for this query string (without '?'), now or later; null (or a failure) lets the
   * application answer.
   */
  answer(query: string): LaneAnswer | null | Promise<LaneAnswer | null>;
}

/** The status and headers of the application's last answer on a lane's path: what the lane sends. */
interface LaneTemplate {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  route: string;
}

export interface FrontDoorOptions {
  /** How long a copy serves, in ms (the read cache's TTL: the front door adds no staleness of its own). */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Counts and times every answer the front door gives, as the application's own are. */
  record?: HttpRequestRecorder;
  /** Counts the answers given from a copy, by route. */
  countHit?: (route: string) => void;
  /** Writes the access line of an answer given from a copy, when the log level wants it. */
  logHit?: (request: IncomingMessage, response: ServerResponse, milliseconds: number) => void;
  /** Reads answered from memory (FrontDoorLane). */
  lanes?: FrontDoorLane[];
}

/**
 * The answers of the read cache (MicroCache), kept as the exact bytes the application wrote (headers,
 * compression and all) and given back by the HTTP server before the framework sees the request: no
 * routing, middleware, guards, pipes or serialisation for a cached anonymous read.
 *
 * It changes nothing of what is cached or for how long: only answers the handler marked as the read cache's
 * shared copy (`markSharedRead`) are kept, for at most the read cache's TTL, and only while the read
 * cache's generation is the one they were copied under (every change that clears the read cache clears
 * them). Anything personal passes by: a request with an Authorization header, or with the cookie that
 * sends a writer's reads to the primary; only plain GETs are answered. Copies are keyed by the URL and the
 * Accept-Encoding header, so a client gets the encoding it asked for.
 */
export class FrontDoor {
  private readonly copies = new Map<string, Copy>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly lanes = new Map<string, FrontDoorLane>();
  private readonly templates = new Map<string, LaneTemplate>();

  constructor(
    private readonly cache: Pick<MicroCache, 'generation'>,
    private readonly options: FrontDoorOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 16 * 2 ** 20;
    for (const lane of options.lanes ?? []) this.lanes.set(lane.path, lane);
  }

  /** Puts the front door before the application's request handler on `server`. */
  install(server: Server): void {
    const handlers = server.listeners('request') as ((
      request: IncomingMessage,
      response: ServerResponse,
    ) => void)[];
    if (handlers.length !== 1)
      throw new Error(`front door: expected one request handler, found ${handlers.length}`);
    const [application] = handlers;
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.answer(request, response, application)) application(request, response);
    });
  }

  /**
   * Answers from a lane or a copy (true), or lets the request through, copying its answer when it may be
   * kept. A lane that answers later gives the request to `application` when it has no answer after all.
   */
  answer(
    request: IncomingMessage,
    response: ServerResponse,
    application: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    if (request.method !== 'GET' || !this.anonymous(request)) return false;
    if (this.lanes.size && this.fromLane(request, response, application)) return true;
    if (this.options.ttlMs <= 0) return false;
    const key = `${request.url ?? ''}\n${request.headers['accept-encoding'] ?? ''}`;
    const copy = this.copies.get(key);
    const now = Date.now();
    if (copy && copy.expires > now && copy.generation === this.cache.generation) {
      const started = process.hrtime.bigint();
      response.writeHead(copy.statusCode, { ...copy.headers, 'content-length': copy.body.length });
      response.end(copy.body);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.options.record?.('GET', copy.route, copy.statusCode, seconds);
      this.options.countHit?.(copy.route);
      this.options.logHit?.(request, response, seconds * 1000);
      return true;
    }
    if (copy) this.remove(key, copy);
    this.copyAnswer(key, request, response);
    return false;
  }

  /** Answers from a lane (true) when the request is one it reads and the application has answered its path once. */
  private fromLane(
    request: IncomingMessage,
    response: ServerResponse,
    application: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const lane = this.lanes.get(path);
    if (!lane) return false;
    const template = this.templates.get(path);
    const encoding = request.headers['accept-encoding'];
    if (encoding !== undefined && encoding !== 'identity') return false;
    if (!template) {
      this.learnTemplate(path, lane, request, response);
      return false;
    }
    const started = process.hrtime.bigint();
    const write = (answer: LaneAnswer) => {
      response.writeHead(template.statusCode, {
        ...template.headers,
        ...answer.headers,
        'content-length': answer.body.length,
      });
      response.end(answer.body);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.options.record?.('GET', template.route, template.statusCode, seconds);
      this.options.logHit?.(request, response, seconds * 1000);
    };
    const answer = lane.answer(mark === -1 ? '' : url.slice(mark + 1));
    if (!answer) return false;
    if (!(answer instanceof Promise)) {
      write(answer);
      return true;
    }
    answer.then(
      (later) => (later ? write(later) : application(request, response)),
      () => application(request, response),
    );
    return true;
  }

  /** Keeps the status and headers of the application's plain answer on a lane's path. */
  private learnTemplate(
    path: string,
    lane: FrontDoorLane,
    request: IncomingMessage,
    response: ServerResponse,
  ): void {
    response.once('finish', () => {
      const locals = (response as ServerResponse & { locals?: Record<string, unknown> }).locals;
      if (
        locals?.[SHARED_READ] &&
        response.statusCode === 200 &&
        !response.hasHeader('content-encoding') &&
        !response.hasHeader('set-cookie')
      )
        this.templates.set(path, {
          statusCode: 200,
          headers: this.replayable(response, lane.own),
          route: routeLabel(request as Request),
        });
    });
  }

  private anonymous(request: IncomingMessage): boolean {
    if (request.headers.authorization) return false;
    const cookie = request.headers.cookie;
    return !cookie || !cookie.includes(`${PRIMARY_COOKIE}=`);
  }

  /** Keeps the bytes the application writes (after compression) and files them once the answer is done. */
  private copyAnswer(key: string, request: IncomingMessage, response: ServerResponse): void {
    const generation = this.cache.generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = true;
    let first = true;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      // A handler marks its answer before writing it: anything else (pages, files) is not copied at all.
      if (first) {
        first = false;
        keep = Boolean(
          (response as ServerResponse & { locals?: Record<string, unknown> }).locals?.[SHARED_READ],
        );
        if (!keep) return;
      }
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      // Over a tenth of the budget: not worth a place.
      if (size > this.maxBytes / 10) keep = false;
      else chunks.push(buffer);
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    response.once('finish', () => {
      const locals = (response as ServerResponse & { locals?: Record<string, unknown> }).locals;
      if (
        !keep ||
        !locals?.[SHARED_READ] ||
        response.statusCode !== 200 ||
        generation !== this.cache.generation ||
        response.hasHeader('set-cookie')
      ) {
        return;
      }
      this.file(key, {
        statusCode: response.statusCode,
        headers: this.replayable(response),
        body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size),
        // Express has made the request its own by now, and set the matched route on it.
        route: routeLabel(request as Request),
        generation,
        expires: Date.now() + this.options.ttlMs,
      });
    });
  }

  /** The headers of an answer that a replay repeats. */
  private replayable(response: ServerResponse, own: readonly string[] = []): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(response.getHeaders())) {
      if (!HOP_HEADERS.has(name) && !own.includes(name) && value !== undefined) headers[name] = value;
    }
    return headers;
  }

  private file(key: string, copy: Copy): void {
    const old = this.copies.get(key);
    if (old) this.remove(key, old);
    this.copies.set(key, copy);
    this.bytes += copy.body.length;
    // Oldest first (a Map iterates in insertion order, and every copy lives the same TTL).
    for (const [oldKey, oldCopy] of this.copies) {
      if (
        this.copies.size <= this.maxEntries &&
        this.bytes <= this.maxBytes &&
        oldCopy.expires > Date.now()
      ) {
        break;
      }
      this.remove(oldKey, oldCopy);
    }
  }

  private remove(key: string, copy: Copy): void {
    this.copies.delete(key);
    this.bytes -= copy.body.length;
  }
}
