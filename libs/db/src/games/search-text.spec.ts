import { normalizeSearchText, slugify } from './search-text.js';

describe('search text and slugs', () => {
  it('normalises accents, case, apostrophes and punctuation', () => {
    expect(normalizeSearchText('Pokémon Escarlata')).toBe('pokemon escarlata');
    expect(normalizeSearchText("Senua's Saga: Hellblade II")).toBe('senuas saga hellblade ii');
    expect(normalizeSearchText('Ratchet & Clank')).toBe('ratchet and clank');
    expect(normalizeSearchText('  ¿Qué?  ')).toBe('que');
  });

  it('builds the spec slug', () => {
    expect(slugify('The Legend of Zelda: Tears of the Kingdom')).toBe(
      'the-legend-of-zelda-tears-of-the-kingdom',
    );
    expect(slugify('Pokémon Púrpura')).toBe('pokemon-purpura');
    expect(slugify('¡Ñandú! 2')).toBe('nandu-2');
    expect(slugify('---')).toBe('sin-titulo');
  });
});
