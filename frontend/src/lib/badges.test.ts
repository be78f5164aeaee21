import { describe, expect, it } from 'vitest';
import { badgeTier } from './badges';

describe('badgeTier', () => {
  it.each([
    [0, null],
    [null, null],
    [1, 'bronze'],
    [20, 'bronze'],
    [21, 'silver'],
    [50, 'silver'],
    [51, 'gold'],
    [300, 'gold'],
  ] as const)('%s reviews give %s', (count, tier) => {
    expect(badgeTier(count)).toBe(tier);
  });
});
