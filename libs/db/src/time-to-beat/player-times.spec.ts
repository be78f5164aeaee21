import { playerTimes, quantile } from './player-times.js';

describe('playerTimes', () => {
  it('gives the median and quartiles per platform and for all, one outlier not moving the median', () => {
    const rows = playerTimes([
      { platform: 'ps5', hours: 10 },
      { platform: 'PS5 ', hours: 12 },
      { platform: 'ps5', hours: 14 },
      { platform: 'ps5', hours: 16 },
      { platform: 'ps5', hours: 100 },
      { platform: null, hours: 20 },
      { platform: 'pc', hours: 0 },
    ]);
    expect(rows).toEqual([
      { platform: '', median: 15, p25: 12.5, p75: 19, count: 6 },
      { platform: 'ps5', median: 14, p25: 12, p75: 16, count: 5 },
    ]);
  });

  it('interpolates like percentile_cont', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.25)).toBe(7);
  });
});
