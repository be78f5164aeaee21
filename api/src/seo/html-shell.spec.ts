import { createHash } from 'node:crypto';
import { renderShell, siteConfigScriptHash } from './html-shell.js';

const template =
  '<html lang="es"><head><meta charset="utf-8"><!--app-head-default--><title>Veredicto</title><!--/app-head-default--></head><body></body></html>';

describe('renderShell', () => {
  const options = {
    publicUrl: 'https://veredicto.es',
    siteName: 'Veredicto',
    contactEmail: 'a@b.es',
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
    expect(html).toContain('<script>window.__VEREDICTO__=');
  });

  it('needs no nonce: the CSP hash allows its one inline script, whatever the site name', () => {
    const meta = {
      status: 200,
      title: 't',
      description: 'd',
      canonicalPath: '/',
      jsonLd: { '@type': 'VideoGame', name: 'Hades' },
    };
    for (const siteName of ['Veredicto', 'Otro & Cía', 'Crítica "ñ" </script>']) {
      const html = renderShell(template, meta, { ...options, siteName });
      expect(html).not.toContain('nonce');
      // Two renders are byte for byte the same: a CDN may serve one to everyone.
      expect(renderShell(template, meta, { ...options, siteName })).toBe(html);
      const executable = [
        ...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
      ];
      expect(executable).toHaveLength(1);
      // What a browser computes for the inline script (UTF-8 bytes of its text) is the policy's source.
      const digest = createHash('sha256').update(executable[0][1], 'utf8').digest('base64');
      expect(siteConfigScriptHash({ ...options, siteName })).toBe(`'sha256-${digest}'`);
    }
    // Another configuration gives another hash, so the policy allows only the script this server writes.
    expect(siteConfigScriptHash({ ...options, siteName: 'Otro' })).not.toBe(siteConfigScriptHash(options));
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

  it('adds the route preloads and the configured site name to the static shell', () => {
    const html = renderShell(
      template.replace('<body>', '<body><span><!--app-site-name-->Veredicto<!--/app-site-name--></span>'),
      { status: 200, title: 't', description: 'd', canonicalPath: '/' },
      {
        ...options,
        siteName: 'Otro & Cía',
        preloads: {
          fetches: ['/api/games/best'],
          modules: ['/assets/home.js'],
          styles: ['/assets/games.css'],
        },
      },
    );
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/games/best">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/games.css">');
    expect(html).toContain('<span>Otro &amp; Cía</span>');
  });
});
