import { FeedParseError, parseFeed } from './parse-feed.js';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>  Noticias de   videojuegos </title>
    <link>https://noticias.example/</link>
    <item>
      <title>Anunciado el nuevo Metroid</title>
      <link>/2026/11/metroid</link>
      <pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>
    </item>
    <item>
      <title>Sin enlace pero con guid</title>
      <guid isPermaLink="true">https://noticias.example/2026/11/guid</guid>
    </item>
    <item>
      <title>Duplicado</title>
      <link>https://noticias.example/2026/11/metroid</link>
    </item>
    <item><title>Enlace peligroso</title><link>javascript:alert(1)</link></item>
    <item><title>Fecha rota</title><link>https://noticias.example/rota</link><pubDate>ayer</pubDate></item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Análisis</title>
  <link rel="self" href="https://blog.example/feed.atom"/>
  <link rel="alternate" href="https://blog.example/"/>
  <entry>
    <title type="html">Reseña: Hollow Knight Silksong</title>
    <link rel="alternate" href="analisis/silksong"/>
    <id>tag:blog.example,2026:1</id>
    <updated>2026-11-20T08:30:00Z</updated>
  </entry>
</feed>`;

describe('parseFeed', () => {
  it('reads RSS 2.0 with absolute links and dates', async () => {
    const feed = await parseFeed(RSS, 'https://noticias.example/feed.xml');
    expect(feed).toEqual({
      title: 'Noticias de videojuegos',
      items: [
        {
          link: 'https://noticias.example/2026/11/metroid',
          title: 'Anunciado el nuevo Metroid',
          publishedAt: new Date('2026-11-22T10:00:00Z'),
        },
        {
          link: 'https://noticias.example/2026/11/guid',
          title: 'Sin enlace pero con guid',
          publishedAt: null,
        },
        { link: 'https://noticias.example/rota', title: 'Fecha rota', publishedAt: null },
      ],
    });
  });

  it('reads Atom, taking the alternate link', async () => {
    const feed = await parseFeed(ATOM, 'https://blog.example/feed.atom');
    expect(feed).toEqual({
      title: 'Análisis',
      items: [
        {
          link: 'https://blog.example/analisis/silksong',
          title: 'Reseña: Hollow Knight Silksong',
          publishedAt: new Date('2026-11-20T08:30:00Z'),
        },
      ],
    });
  });

  it('refuses what is not a feed', async () => {
    await expect(parseFeed('<html><body>hola</body></html>', 'https://x.example/')).rejects.toBeInstanceOf(
      FeedParseError,
    );
    await expect(parseFeed('not xml at all <<<', 'https://x.example/')).rejects.toBeInstanceOf(
      FeedParseError,
    );
  });
});
