import { describe, expect, it } from 'vitest';
import { matchesSlug } from './news-article-page';

describe('matchesSlug', () => {
  it('matches the accent-stripped hyphen slug of the title', () => {
    const news = { slug: '', title: 'Análisis: ¿Merece la pena Pokémon?' };
    expect(matchesSlug(news, 'analisis-merece-la-pena-pokemon')).toBe(true);
    expect(matchesSlug(news, 'otra-noticia')).toBe(false);
  });

  it('matches the API slug and the older encoded reading', () => {
    expect(matchesSlug({ slug: 'nuevo-zelda', title: 'Nuevo Zelda' }, 'nuevo-zelda')).toBe(true);
    expect(matchesSlug({ slug: 'x', title: 'Nuevo Zelda anunciado' }, 'nuevo%20zelda%20anunciado')).toBe(
      true,
    );
  });
});
