import { ReadOnce } from './read-once.js';

describe('ReadOnce', () => {
  it('reads the same page once and a different page again', () => {
    const reads: string[] = [];
    const reader = new ReadOnce((html: string, url: string) => {
      reads.push(`${url} ${html}`);
      return html.length;
    });
    expect(reader.get('<p>a</p>', 'https://a.example/')).toBe(8);
    expect(reader.get('<p>a</p>', 'https://a.example/')).toBe(8);
    expect(reads).toHaveLength(1);
    expect(reader.get('<p>a</p>', 'https://b.example/')).toBe(8);
    expect(reader.get('<p>bb</p>', 'https://b.example/')).toBe(9);
    expect(reads).toHaveLength(3);
  });
});
