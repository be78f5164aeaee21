import { baseGamesFirst, SIMILAR_ADDONS, SIMILAR_GAMES } from './similar-game.repository.js';

const scored = (pattern: string) => [...pattern].map((kind, id) => ({ id, addon: kind === 'a' }));

describe('baseGamesFirst', () => {
  it('moves the add-ons that scored a place after the base games, at most a few, and fills with bases', () => {
    // Ranked by score: four add-ons among the first twelve, then more base games.
    const chosen = baseGamesFirst(scored('baabaabbbbbbbbbbbb'));
    expect(chosen).toHaveLength(SIMILAR_GAMES);
    expect(chosen.map((game) => game.addon)).toEqual([
      ...Array<boolean>(SIMILAR_GAMES - SIMILAR_ADDONS).fill(false),
      ...Array<boolean>(SIMILAR_ADDONS).fill(true),
    ]);
    expect(chosen.slice(-SIMILAR_ADDONS).map((game) => game.id)).toEqual([1, 2, 4].slice(0, SIMILAR_ADDONS));
  });

  it('keeps no add-on that scored below the twelfth place, and lists fewer games rather than more add-ons', () => {
    expect(baseGamesFirst(scored('bbbbbbbbbbbbaaa')).every((game) => !game.addon)).toBe(true);
    expect(baseGamesFirst(scored('baaaaab')).map((game) => game.id)).toEqual([0, 6, 1, 2, 3]);
  });
});
