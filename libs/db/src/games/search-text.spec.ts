import {
  expandFranchises,
  franchiseOf,
  normalizeSearchText,
  slugify,
  titleAcronyms,
  titleWithoutBrand,
} from './search-text.js';

describe('search text and slugs', () => {
  it('normalises accents, case, apostrophes and punctuation', () => {
    expect(normalizeSearchText('Pokémon Escarlata')).toBe('pokemon escarlata');
    expect(normalizeSearchText("Senua's Saga: Hellblade II")).toBe('senuas saga hellblade 2');
    expect(normalizeSearchText('Ratchet & Clank')).toBe('ratchet and clank');
    expect(normalizeSearchText('  ¿Qué?  ')).toBe('que');
  });

  it('reads roman numerals II-XX as arabic, drops a leading article and joins &, and, y', () => {
    expect(normalizeSearchText('Grand Theft Auto V')).toBe(
      normalizeSearchText('gta 5').replace('gta', 'grand theft auto'),
    );
    expect(normalizeSearchText("Baldur's Gate III")).toBe('baldurs gate 3');
    expect(normalizeSearchText('Final Fantasy XVI')).toBe('final fantasy 16');
    expect(normalizeSearchText('The Witcher 3: Wild Hunt')).toBe('witcher 3 wild hunt');
    expect(normalizeSearchText('La Tierra Media')).toBe('tierra media');
    expect(normalizeSearchText('Ratchet y Clank')).toBe(normalizeSearchText('Ratchet & Clank'));
    // 'I' stays a word; a lone article stays a title.
    expect(normalizeSearchText('I Am Bread')).toBe('i am bread');
    expect(normalizeSearchText('The')).toBe('the');
  });

  it('generates the acronyms people type, only from three words or more', () => {
    expect(titleAcronyms('Grand Theft Auto V')).toEqual(expect.arrayContaining(['gtav', 'gta5']));
    expect(titleAcronyms('The Legend of Zelda: Breath of the Wild')).toEqual(
      expect.arrayContaining(['tlozbotw', 'botw']),
    );
    expect(titleAcronyms('The Last of Us Part II')).toEqual(expect.arrayContaining(['tlou2', 'tlouii']));
    expect(titleAcronyms('Red Dead Redemption 2')).toContain('rdr2');
    expect(titleAcronyms('Final Fantasy VII')).toContain('ff7');
    expect(titleAcronyms('Elden Ring')).toEqual([]);
  });

  it("names a title without its possessive brand, and only a curated brand's", () => {
    expect(titleWithoutBrand("Marvel's Spider-Man 2")).toBe('Spider-Man 2');
    expect(titleWithoutBrand('Marvel’s Guardians of the Galaxy')).toBe('Guardians of the Galaxy');
    expect(titleWithoutBrand("Tom Clancy's The Division 2")).toBe('The Division 2');
    expect(titleWithoutBrand("Sid Meier's Civilization VI")).toBe('Civilization VI');
    expect(titleWithoutBrand("Disney•Pixar's Cars")).toBe('Cars');
    // Names, not brands; and nothing left.
    expect(titleWithoutBrand("Assassin's Creed Valhalla")).toBeNull();
    expect(titleWithoutBrand("Tony Hawk's Pro Skater 1 + 2")).toBeNull();
    expect(titleWithoutBrand('Spider-Man 2')).toBeNull();
    expect(titleWithoutBrand("Marvel's")).toBeNull();
  });

  it('writes out franchise abbreviations, alone or glued to a number', () => {
    expect(expandFranchises('gta 5')).toBe('grand theft auto 5');
    expect(expandFranchises('ff7')).toBe('final fantasy 7');
    expect(expandFranchises('cod modern warfare')).toBe('call of duty modern warfare');
    expect(expandFranchises('elden ring')).toBeNull();
  });

  it('reads franchise words, Spanish franchise names and names without hyphens as titles write them', () => {
    const expand = (text: string) => expandFranchises(normalizeSearchText(text));
    expect(expand('zelda')).toBe('legend of zelda');
    expect(expand('La leyenda de Zelda')).toBe('legend of zelda');
    expect(expand('legend of zelda breath of the wild')).toBeNull();
    expect(expand('el hombre araña 2')).toBe('spider man 2');
    expect(expand('spiderman')).toBe('spider man');
    expect(expand('xmen')).toBe('10 men');
    expect(expand('lego el señor de los anillos')).toBe('lego lord of the rings');
    expect(expand('zelda gta')).toBe('legend of zelda grand theft auto');
    expect(franchiseOf(normalizeSearchText('La leyenda de Zelda'))).toBe('legend of zelda');
    expect(franchiseOf('zelda breath of the wild')).toBeNull();
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
