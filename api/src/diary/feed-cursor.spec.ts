import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.js';

describe('feed cursor', () => {
  it('reads back what it wrote', () => {
    const cursor = { micros: '1795000000123456', kind: 'review' as const, sourceId: 42 };
    expect(decodeFeedCursor(encodeFeedCursor(cursor))).toEqual(cursor);
    const last = { micros: '253402300799999999', kind: 'status' as const, sourceId: 1 };
    expect(decodeFeedCursor(encodeFeedCursor(last))).toEqual(last);
  });

  it('refuses what it did not write', () => {
    const bad = [
      '',
      'abc',
      Buffer.from('1.song.2').toString('base64url'),
      Buffer.from('1.rating.99999999999').toString('base64url'),
      Buffer.from('253402300800000000.rating.1').toString('base64url'),
      'x'.repeat(200),
    ];
    for (const text of bad) expect(decodeFeedCursor(text)).toBeNull();
  });
});
