import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { EncodedAnswers, negotiateEncoding } from './encoded-answers.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'zstd'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['zstd;q=0, br;q=0.1, gzip;q=0.2', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'zstd'],
    ['*;q=0.5, gzip;q=1', 'gzip'],
    ['br;q=0, gzip;q=0, zstd;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=abc', 'gzip'],
    ['*;q=0', 'identity'],
  ])('%s → %s', (header, encoding) => {
    expect(negotiateEncoding(header)).toBe(encoding);
  });
});

describe('EncodedAnswers', () => {
  const body = Buffer.from(JSON.stringify({ content: Array.from({ length: 200 }, (_, id) => ({ id })) }));

  it('makes each encoding once per stamp and decodes to the same body', () => {
    const hits: string[] = [];
    const answers = new EncodedAnswers((route) => hits.push(route));
    let made = 0;
    const make = () => (made++, body);
    const zstd = answers.body('/a', 's1', 'zstd', make);
    expect(zstd.encoding).toBe('zstd');
    expect(zstdDecompressSync(zstd.body).equals(body)).toBe(true);
    expect(answers.body('/a', 's1', 'zstd', make).body).toBe(zstd.body);
    expect(brotliDecompressSync(answers.body('/a', 's1', 'br', make).body).equals(body)).toBe(true);
    expect(gunzipSync(answers.body('/a', 's1', 'gzip', make).body).equals(body)).toBe(true);
    expect(answers.body('/a', 's1', 'identity', make).body.equals(body)).toBe(true);
    expect(made).toBe(4);
    // A new stamp: made again.
    expect(answers.body('/a', 's2', 'zstd', make).body).not.toBe(zstd.body);
    expect(made).toBe(5);
    // No stamp: made for this request, never kept.
    answers.body('/b', undefined, 'gzip', make);
    answers.body('/b', undefined, 'gzip', make);
    expect(made).toBe(7);
  });

  it('sends a small body as it is, and forgets the least recently used past its bytes', () => {
    const answers = new EncodedAnswers(undefined, 3000);
    expect(answers.body('/small', 1, 'br', () => Buffer.from('[]'))).toEqual({
      body: Buffer.from('[]'),
      encoding: 'identity',
    });
    expect(answers.body('/small', 1, 'br', () => Buffer.from('[]'))).toMatchObject({
      encoding: 'identity',
      kept: true,
    });
    let made = 0;
    const big = () => (made++, Buffer.alloc(1500, 'x'));
    answers.body('/1', 1, 'identity', big);
    answers.body('/2', 1, 'identity', big);
    answers.body('/3', 1, 'identity', big);
    expect(made).toBe(3);
    answers.body('/3', 1, 'identity', big);
    expect(made).toBe(3);
    answers.body('/1', 1, 'identity', big);
    expect(made).toBe(4);
  });
});
