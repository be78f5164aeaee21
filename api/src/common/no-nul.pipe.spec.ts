import { BadRequestException } from '@nestjs/common';
import { NoNulPipe } from './no-nul.pipe.js';

describe('NoNulPipe', () => {
  const pipe = new NoNulPipe();

  it.each([
    ['a string', 'ab\u0000c'],
    ['a nested value', { list: [{ name: 'x\u0000' }] }],
    ['a key', { 'a\u0000': 1 }],
  ])('refuses NUL in %s', (_what, value) => {
    expect(() => pipe.transform(value)).toThrow(BadRequestException);
  });

  it('lets everything else through unchanged', () => {
    const value = { name: 'Pokémon €', ids: [1, 2], nested: { ok: true, none: null } };
    expect(pipe.transform(value)).toBe(value);
    expect(pipe.transform(undefined)).toBeUndefined();
  });
});
