import { defaultNeedsBrowser } from './needs-browser.js';

const ARTICLE = `<p>${'El nuevo Zelda es una aventura enorme, con un mundo abierto lleno de secretos. '.repeat(5)}</p>`;

describe('defaultNeedsBrowser', () => {
  it('keeps a server-rendered article on plain HTTP', () => {
    expect(
      defaultNeedsBrowser(`<html><body><main>${ARTICLE}</main><script>track()</script></body></html>`),
    ).toBe(false);
  });

  it('asks for the browser when the body has almost no visible text', () => {
    expect(
      defaultNeedsBrowser('<html><body><h1>Cargando…</h1><script src="/app.js"></script></body></html>'),
    ).toBe(true);
  });

  it('does not count scripts, styles or templates as visible text', () => {
    const scripted = `<html><body><script>window.__DATA__ = ${JSON.stringify('x'.repeat(500))}</script><style>${'a{}'.repeat(200)}</style></body></html>`;
    expect(defaultNeedsBrowser(scripted)).toBe(true);
  });

  it.each(['root', 'app', '__next'])('spots an empty single-page-app root #%s', (id) => {
    expect(
      defaultNeedsBrowser(`<html><body><div id="${id}"></div><footer>${ARTICLE}</footer></body></html>`),
    ).toBe(true);
  });

  it('accepts a filled app root (server-side rendering)', () => {
    expect(
      defaultNeedsBrowser(`<html><body><div id="__next"><article>${ARTICLE}</article></div></body></html>`),
    ).toBe(false);
  });

  it.each([
    'You need to enable JavaScript to run this app.',
    'Por favor, activa JavaScript para ver esta página.',
    'Este sitio necesita JavaScript.',
  ])('follows a <noscript> that says "%s"', (message) => {
    expect(defaultNeedsBrowser(`<html><body><noscript>${message}</noscript>${ARTICLE}</body></html>`)).toBe(
      true,
    );
  });

  it('ignores unrelated <noscript> content such as tracking pixels', () => {
    expect(
      defaultNeedsBrowser(`<html><body><noscript><img src="/pixel.gif"></noscript>${ARTICLE}</body></html>`),
    ).toBe(false);
  });
});
