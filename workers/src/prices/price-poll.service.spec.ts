import { productBatches } from './price-poll.service.js';

const asked = (rows: [number, string][]) => rows.map(([igdbId, storeId]) => ({ igdbId, storeId }));

describe('productBatches', () => {
  it('cuts one product a game into batches of the store size', () => {
    const rows = asked(Array.from({ length: 120 }, (_, index) => [index, `p${index}`]));
    expect(productBatches(rows, 50).map((batch) => batch.length)).toEqual([50, 50, 20]);
  });

  it("keeps a game's products in one batch where they fit, and asks a shared product once", () => {
    expect(
      productBatches(
        asked([
          [1, 'a'],
          [2, 'b'],
          [3, 'c1'],
          [3, 'c2'],
          [4, 'a'],
          [4, 'd'],
        ]),
        3,
      ),
    ).toEqual([
      ['a', 'b'],
      ['c1', 'c2', 'd'],
    ]);
    // A game with more products than a batch holds is cut, never over the size.
    expect(
      productBatches(
        asked([
          [1, 'a'],
          [1, 'b'],
          [1, 'c'],
        ]),
        2,
      ),
    ).toEqual([['a', 'b'], ['c']]);
    expect(productBatches([], 50)).toEqual([]);
  });
});
