import { GENRES_BY_SLUG, LENGTH_FILTERS, PLATFORMS } from '@veredicto/contract';
import { catalogueFilterKey, precomputedOrderings } from './catalogue-ordering.repository.js';

describe('the catalogue orderings', () => {
  it('give the same filters one key, whatever their order, and missing the same as false', () => {
    expect(catalogueFilterKey({})).toBe('');
    expect(catalogueFilterKey({ scored: false, mature: false, addons: false })).toBe('');
    expect(catalogueFilterKey({ genres: ['Shooter', 'Arcade'], platform: 'PC' })).toBe(
      catalogueFilterKey({ platform: 'PC', genres: ['Arcade', 'Shooter'] }),
    );
    expect(catalogueFilterKey({ platform: 'PC' })).not.toBe(
      catalogueFilterKey({ platform: 'PC', scored: true }),
    );
    expect(catalogueFilterKey({ year: 2020 })).not.toBe(catalogueFilterKey({ year: 2021 }));
  });

  it('keep walked every sort with each single filter the catalogue screen offers', () => {
    const orderings = precomputedOrderings(2026);
    const years = 2026 - 1970 + 1;
    const filters = 1 + PLATFORMS.length + 2 + GENRES_BY_SLUG.size + years + 3 + LENGTH_FILTERS.length;
    expect(orderings).toHaveLength(4 * filters);
    const keys = orderings.map(({ sort, filters: chosen }) => `${sort}:${catalogueFilterKey(chosen)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { filters: chosen } of orderings)
      expect(Object.values(chosen).filter((value) => value !== undefined).length).toBeLessThanOrEqual(1);
    expect(keys).toContain('avUserRatings:platform=Nintendo Switch');
    expect(keys).toContain('avRatings:year=1970');
    expect(keys).toContain('releaseDate:year=2026');
    expect(keys).toContain('releaseDate:addons');
    expect(keys).toContain('length:');
    expect(keys).toContain('releaseDate:length=short');
  });
});
