import { deviationOf, MIN_DEVIATION_GAMES } from './outlet.presenter.js';

describe('deviationOf', () => {
  it('gives no mean nor interval below 10 compared games', () => {
    expect(
      deviationOf({ deviationGames: MIN_DEVIATION_GAMES - 1, deviationMean: 3, deviationStdev: 2 }),
    ).toEqual({
      mean: null,
      ci95: null,
      games: 9,
    });
  });

  it("uses Student's t with n − 1 degrees of freedom (t(0.975, 9) = 2.262)", () => {
    // mean 2, s = 3, n = 10: 2 ± 2.2622 · 3 / √10 = 2 ± 2.146
    expect(deviationOf({ deviationGames: 10, deviationMean: 2, deviationStdev: 3 })).toEqual({
      mean: 2,
      ci95: [-0.15, 4.15],
      games: 10,
    });
  });

  it('approaches the normal 1.96 with many games', () => {
    const { ci95 } = deviationOf({ deviationGames: 10_000, deviationMean: 0, deviationStdev: 100 });
    expect(ci95?.[1]).toBeCloseTo(1.96, 2);
  });
});
