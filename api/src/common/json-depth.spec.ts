import { jsonDepth, MAX_JSON_DEPTH, refuseDeepJson } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['"texto"', 0],
    ['{}', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['[[],[[]]]', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"comillas \\" y [[[ dentro"}', 1],
    ['{"a":"barra final \\\\"}', 1],
  ])('%s is %i deep', (text, depth) => {
    expect(jsonDepth(bytes(text))).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(bytes('['.repeat(5000)), 10)).toBe(11);
  });
});

describe('refuseDeepJson', () => {
  const verify = (text: string) => () => refuseDeepJson(undefined as never, undefined as never, bytes(text));

  it('lets a body at the limit through', () => {
    expect(verify(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).not.toThrow();
  });

  it('refuses a deeper one as a 400 of its own type', () => {
    expect(verify(`{"a":${'['.repeat(3000)}`)).toThrow(
      expect.objectContaining({ status: 400, type: 'entity.too.deep' }),
    );
  });
});
