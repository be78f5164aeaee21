import type { IncomingMessage, ServerResponse } from 'node:http';

/** No request of the API nests deeper than a few levels; 32 leaves room and stops stack-deep bodies. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_TYPE = 'entity.too.deep';
export const TOO_DEEP_MESSAGE = `El JSON de la petición anida más de ${MAX_JSON_DEPTH} niveles`;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of a JSON text, read from its bytes without parsing it: a recursive walk of a
 * parsed body (class-transformer, class-validator) is what overflows the stack, so the depth is measured
 * before anything recursive sees the body. Stops counting as soon as `limit` is passed.
 */
export function jsonDepth(bytes: Uint8Array, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return deepest;
}

/** body-parser's `verify` hook: an over-deep body is a 400 before it is parsed. */
export function refuseDeepJson(_request: IncomingMessage, _response: ServerResponse, body: Buffer): void {
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(TOO_DEEP_MESSAGE), { status: 400, type: TOO_DEEP_TYPE });
  }
}
