import type { NextFunction, Request, Response } from 'express';
import { nameRoute } from '@veredicto/metrics';
import { PRIMARY_COOKIE } from './edge-policy.middleware.js';
import { sendEncoded, type EncodedAnswers } from './encoded-answers.js';

/** A read a lane answers from the read model, known by a stamp that changes when its body would. */
export interface LaneAnswer {
  stamp: unknown;
  body: () => Buffer;
  headers?: Record<string, string>;
}

/**
 * A read answered from memory before the router: `answer` reads the query string (without '?') and gives
 * the answer, now or later, or null to let the application answer (a query it does not read plainly, the
 * read model not loaded or owing a read).
 */
export interface ReadLane {
  /** The path it answers, exactly: also the route's label in the metrics. */
  path: string;
  answer(query: string): LaneAnswer | null | Promise<LaneAnswer | null>;
}

export interface ReadLanesOptions {
  /** Writes the access line of an answer the lanes gave (pino-http, a Nest middleware, never sees it). */
  log?: (request: Request, response: Response, milliseconds: number) => void;
}

/**
 * The read path's hook: an Express middleware mounted with `app.use` after the metrics, the CDN policy and
 * the security headers (so a lane's answer carries the same headers as the application's) and before the
 * compression and the router. An anonymous GET of a lane's path whose query the lane reads is answered
 * from the read model (libs/catalogue) in the encoding the client asked for, compressed once per answer
 * (EncodedAnswers); everything else goes on to the application. A lane that fails lets the application
 * answer.
 */
export function readLanesMiddleware(
  lanes: ReadLane[],
  answers: EncodedAnswers,
  options: ReadLanesOptions = {},
) {
  const byPath = new Map(lanes.map((lane) => [lane.path, lane]));
  const primaryCookie = `${PRIMARY_COOKIE}=`;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' || request.headers.authorization) return next();
    if (request.headers.cookie?.includes(primaryCookie)) return next();
    const url = request.url;
    const mark = url.indexOf('?');
    const lane = byPath.get(mark === -1 ? url : url.slice(0, mark));
    if (!lane) return next();
    const started = process.hrtime.bigint();
    const send = (answer: LaneAnswer | null) => {
      if (!answer) return next();
      nameRoute(response, lane.path);
      for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
      sendEncoded(request, response, answers, answer.stamp, answer.body);
      options.log?.(request, response, Number(process.hrtime.bigint() - started) / 1e6);
    };
    let answer: ReturnType<ReadLane['answer']>;
    try {
      answer = lane.answer(mark === -1 ? '' : url.slice(mark + 1));
    } catch {
      return next();
    }
    if (answer instanceof Promise) answer.then(send, () => next());
    else send(answer);
  };
}
