import { spanishGenres } from './spanish-genres.js';

describe('spanishGenres', () => {
  it('prefers the Spanish names stored from the seed file', () => {
    expect(spanishGenres(['Rol', 'Aventura'], ['Role-playing (RPG)', 'Adventure', 'Indie'])).toEqual([
      'Rol',
      'Aventura',
    ]);
  });

  it("translates IGDB's names, merging those that read the same in Spanish", () => {
    expect(
      spanishGenres([], ['Role-playing (RPG)', 'Shooter', 'Point-and-click', 'Adventure', 'Adventure']),
    ).toEqual(['Rol', 'Disparos', 'Aventura gráfica', 'Aventura']);
    // A genre IGDB adds later is shown as it comes rather than dropped.
    expect(spanishGenres([], ['Roguelike'])).toEqual(['Roguelike']);
  });
});
