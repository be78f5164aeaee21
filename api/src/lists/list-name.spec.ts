import { normalizeListName } from './list-name.js';

describe('normalizeListName', () => {
  it.each([
    ['rpg favoritos', 'Rpg favoritos'],
    ['  juegos   de  2024 ', 'Juegos de 2024'],
    ['ñoños', 'Ñoños'],
    ['écran', 'Écran'],
    ['Ya Mayúscula', 'Ya Mayúscula'],
    ['123 juegos', '123 juegos'],
    ['x', 'X'],
  ])('%p → %p', (input, expected) => {
    expect(normalizeListName(input)).toBe(expected);
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(normalizeListName('🎮 juegos')).toBe('🎮 juegos');
  });

  it('answers null for an empty or blank name', () => {
    expect(normalizeListName('')).toBeNull();
    expect(normalizeListName(' \t\n ')).toBeNull();
  });
});
