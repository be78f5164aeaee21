import { load } from 'cheerio';
import { absoluteUrl, documentBaseUrl, readableHostName, siteHost, withoutTracking } from './page-url.js';

describe('page URLs', () => {
  it('resolves references against the page or its <base href>', () => {
    expect(documentBaseUrl(load('<base href="/static/">'), 'https://a.com/x/y')).toBe(
      'https://a.com/static/',
    );
    expect(documentBaseUrl(load('<p>no base</p>'), 'https://a.com/x/y')).toBe('https://a.com/x/y');
    expect(absoluteUrl('img/a.jpg', 'https://a.com/static/')).toBe('https://a.com/static/img/a.jpg');
    expect(absoluteUrl('//cdn.a.com/a.jpg', 'https://a.com/')).toBe('https://cdn.a.com/a.jpg');
    expect(absoluteUrl('  /a b.jpg ', 'https://a.com/')).toBe('https://a.com/a%20b.jpg');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(absoluteUrl('data:image/gif;base64,R0lGOD', 'https://a.com/')).toBeNull();
    expect(absoluteUrl('javascript:void(0)', 'https://a.com/')).toBeNull();
    expect(absoluteUrl('mailto:a@b.com', 'https://a.com/')).toBeNull();
    expect(absoluteUrl('http://[bad', 'https://a.com/')).toBeNull();
    expect(absoluteUrl('', 'https://a.com/')).toBeNull();
    expect(absoluteUrl(undefined, 'https://a.com/')).toBeNull();
  });

  it('removes fragments and tracking parameters only', () => {
    expect(
      withoutTracking('https://a.com/n?id=3&utm_source=x&UTM_Medium=y&fbclid=1&gclid=2&page=2#comentarios'),
    ).toBe('https://a.com/n?id=3&page=2');
    expect(withoutTracking('https://a.com/n?utm_campaign=x')).toBe('https://a.com/n');
    expect(withoutTracking('not a url')).toBe('not a url');
  });

  it('names outlets after their host', () => {
    expect(readableHostName('https://www.vandal.net/noticia/1')).toBe('Vandal');
    expect(readableHostName('https://hobbyconsolas.com/')).toBe('Hobbyconsolas');
    expect(readableHostName('https://vandal.elespanol.com/')).toBe('Vandal');
    expect(readableHostName('https://es.ign.com/')).toBe('Ign');
    expect(readableHostName('https://www.3djuegos.com/')).toBe('3djuegos');
    expect(readableHostName('https://localhost:3000/')).toBe('Localhost');
    expect(readableHostName('nope')).toBe('');
    expect(siteHost('https://WWW.Vandal.net/')).toBe('vandal.net');
  });
});
