import iconv from 'iconv-lite';
import { decodeBody, detectCharset } from './charset-decoder.js';

const SPANISH = 'Análisis: «El año del dragón» — 9,5/10, señor ñandú €';

describe('charset detection and decoding', () => {
  it('uses the Content-Type charset', () => {
    const body = iconv.encode(`<p>${SPANISH}</p>`, 'windows-1252');
    expect(detectCharset(body, 'text/html; charset=ISO-8859-1')).toEqual({
      charset: 'windows-1252',
      source: 'content-type',
    });
    expect(decodeBody(body, 'text/html; charset="iso-8859-1"')).toBe(`<p>${SPANISH}</p>`);
  });

  it('decodes real ISO-8859-1 bytes of ñ and é', () => {
    const body = Buffer.from([0x45, 0x73, 0x70, 0x61, 0xf1, 0x61, 0x20, 0x63, 0x61, 0x66, 0xe9]);
    expect(decodeBody(body, 'text/html; charset=iso-8859-1')).toBe('España café');
  });

  it('falls back to <meta charset> when the header has none', () => {
    const html = `<!doctype html><html><head><meta charset="windows-1252"><title>x</title></head><body>${SPANISH}</body></html>`;
    const body = iconv.encode(html, 'windows-1252');
    expect(detectCharset(body, 'text/html')).toEqual({ charset: 'windows-1252', source: 'meta' });
    expect(decodeBody(body, 'text/html')).toBe(html);
  });

  it('reads the http-equiv form of the meta declaration', () => {
    const html = `<html><head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=ISO-8859-15"></head><body>Precio: 59,99 € (señor)</body></html>`;
    const body = iconv.encode(html, 'iso-8859-15');
    expect(detectCharset(body, null)).toEqual({ charset: 'iso-8859-15', source: 'meta' });
    expect(decodeBody(body, null)).toBe(html);
  });

  it('reads the encoding of an XML declaration (feeds)', () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Reseñas</title></channel></rss>`;
    const body = iconv.encode(xml, 'latin1');
    expect(detectCharset(body, 'application/rss+xml')).toEqual({
      charset: 'windows-1252',
      source: 'xml-declaration',
    });
    expect(decodeBody(body, 'application/rss+xml')).toBe(xml);
  });

  it('lets a byte order mark win over the declarations, as browsers do', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<p>${SPANISH}</p>`)]);
    expect(detectCharset(body, 'text/html; charset=iso-8859-1').source).toBe('bom');
    expect(decodeBody(body, 'text/html; charset=iso-8859-1')).toBe(`<p>${SPANISH}</p>`);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(SPANISH, 'utf-16le')]);
    expect(decodeBody(utf16, null)).toBe(SPANISH);
  });

  it('ignores an unknown label and sniffs UTF-8, else windows-1252', () => {
    expect(decodeBody(Buffer.from(SPANISH, 'utf8'), 'text/html; charset=x-klingon')).toBe(SPANISH);
    expect(detectCharset(Buffer.from(SPANISH, 'utf8'), null)).toEqual({
      charset: 'utf-8',
      source: 'sniffed',
    });
    const latin = iconv.encode(SPANISH, 'windows-1252');
    expect(detectCharset(latin, null)).toEqual({ charset: 'windows-1252', source: 'sniffed' });
    expect(decodeBody(latin, null)).toBe(SPANISH);
  });

  it('treats a <meta> claiming UTF-16 as UTF-8, since the page was readable as ASCII', () => {
    const html = `<meta charset="utf-16"><p>${SPANISH}</p>`;
    expect(decodeBody(Buffer.from(html, 'utf8'), null)).toBe(html);
  });
});
