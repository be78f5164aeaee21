import { bestGamesTitle, criticTierFor, playerRankScore as rank } from './scores.js';

describe('critic tiers by catalogue percentile', () => {
  it('splits the catalogue 10 / 30 / 30 / 30 %', () => {
    // Of 100 games: 0-9 better → top 10 %; 10-39 → next 30 %; 40-69 → next 30 %; the rest.
    expect(criticTierFor(0, 100)).toBe('Excepcional');
    expect(criticTierFor(9, 100)).toBe('Excepcional');
    expect(criticTierFor(10, 100)).toBe('Notable');
    expect(criticTierFor(39, 100)).toBe('Notable');
    expect(criticTierFor(40, 100)).toBe('Correcto');
    expect(criticTierFor(69, 100)).toBe('Correcto');
    expect(criticTierFor(70, 100)).toBe('Flojo');
    expect(criticTierFor(99, 100)).toBe('Flojo');
  });

  it('has no tier without rated games', () => {
    expect(criticTierFor(0, 0)).toBeNull();
  });
});

describe('the Bayesian player rank', () => {
  it('puts thirty 90s above one 100', () => {
    expect(rank(30, 90)).toBeCloseTo(85, 5);
    expect(rank(1, 100)).toBeCloseTo(72.73, 2);
    expect(rank(30, 90)).toBeGreaterThan(rank(1, 100));
  });
});

describe("the home's best games title", () => {
  it("says 'del último año' only while every game is from the last year", () => {
    const today = '2026-11-28';
    expect(bestGamesTitle([{ releaseDate: '2026-01-10' }, { releaseDate: '2025-11-28' }], today)).toBe(
      'Mejor valorados del último año',
    );
    expect(bestGamesTitle([{ releaseDate: '2026-01-10' }, { releaseDate: '2025-11-27' }], today)).toBe(
      'Mejor valorados',
    );
    expect(bestGamesTitle([{ releaseDate: null }], today)).toBe('Mejor valorados');
    expect(bestGamesTitle([], today)).toBe('Mejor valorados');
  });
});
