import { seriesKeys } from './series-key.js';

describe('seriesKeys', () => {
  it.each([
    ['Dark Souls III', 'dark souls', null],
    ['Halo: Reach', 'halo', null],
    ['The Witcher 3: Wild Hunt', 'witcher', null],
    ["Assassin's Creed IV Black Flag", 'assassins creed', null],
    ['Gran Turismo Sport', 'gran turismo sport', 'gran turismo'],
    ['Metro Exodus', 'metro exodus', 'metro'],
    ['Hitman', 'hitman', null],
    ['Gears 5', 'gears', null],
  ])('%s → %s / %s', (title, series, loose) => {
    expect(seriesKeys(title)).toEqual({ series, loose });
  });

  it('gives no key for a title of only a number', () => {
    expect(seriesKeys('1942')).toEqual({ series: null, loose: null });
  });
});
