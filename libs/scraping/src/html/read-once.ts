/**
 * Remembers the reading of the last page read, so that the page the fetcher asked "does it need a
 * browser?" about is not parsed a second time to be extracted.
 */
export class ReadOnce<T> {
  private last: { html: string; url: string; reading: T } | null = null;

  constructor(private readonly read: (html: string, url: string) => T) {}

  get(html: string, url: string): T {
    if (this.last && this.last.html === html && this.last.url === url) return this.last.reading;
    const reading = this.read(html, url);
    this.last = { html, url, reading };
    return reading;
  }
}
