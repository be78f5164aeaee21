import { renderShell } from './html-shell.js';

const template =
  '<html lang="es"><head><meta charset="utf-8"><!--app-head-default--><title>Veredicto</title><!--/app-head-default--></head><body></body></html>';

describe('renderShell', () => {
  const options = {
    publicUrl: 'https://veredicto.es',
    siteName: 'Veredicto',
    contactEmail: 'a@b.es',
    nonce: 'abc',
  };

  it('puts the page title, description, canonical link and Open Graph tags in the head', () => {
    const html = renderShell(
      template,
      {
        status: 200,
        title: 'Críticas de Hades | Veredicto',
        description: 'Un "roguelike" <excelente>',
        canonicalPath: '/game/hades/113112',
        image: 'https://img/x.jpg',
      },
      options,
    );
    expect(html).toContain('<title>Críticas de Hades | Veredicto</title>');
    expect(html).toContain('<meta name="description" content="Un &quot;roguelike&quot; &lt;excelente&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://veredicto.es/game/hades/113112">');
    expect(html).toContain('<meta property="og:image" content="https://img/x.jpg">');
    expect(html).not.toContain('<title>Veredicto</title>');
    expect(html).toContain('<script nonce="abc">window.__VEREDICTO__=');
  });

  it('cannot be broken out of by text that closes the script tag', () => {
    const html = renderShell(
      template,
      { status: 200, title: 't', description: 'd', canonicalPath: '/' },
      {
        ...options,
        siteName: '</script><script>alert(1)</script>',
      },
    );
    expect(html).not.toContain('</script><script>alert(1)');
  });
});
