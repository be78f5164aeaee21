import { emailKey } from './email-key.js';

describe('emailKey', () => {
  it.each([
    ['Ana@Example.com', 'ana@example.com'],
    [' ana@example.com ', 'ana@example.com'],
    ['ana+juegos@example.com', 'ana@example.com'],
    ['a.n.a@example.com', 'a.n.a@example.com'],
    ['A.N.A+x@GMail.com', 'ana@gmail.com'],
    ['ana@googlemail.com', 'ana@gmail.com'],
    ['+ana@example.com', '+ana@example.com'],
  ])('%s compares as %s', (address, key) => {
    expect(emailKey(address)).toBe(key);
  });
});
