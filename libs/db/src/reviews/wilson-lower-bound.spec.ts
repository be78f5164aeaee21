import { wilsonLowerBoundOf } from './wilson-lower-bound.js';

describe('wilsonLowerBoundOf', () => {
  it('is 0 with no votes and below the raw share otherwise', () => {
    expect(wilsonLowerBoundOf(0, 0)).toBe(0);
    expect(wilsonLowerBoundOf(3, 3)).toBeLessThan(1);
  });

  it('matches the reference values of the 95 % interval', () => {
    expect(wilsonLowerBoundOf(1, 1)).toBeCloseTo(0.2065, 3);
    expect(wilsonLowerBoundOf(9, 10)).toBeCloseTo(0.5958, 3);
  });

  it('ranks many mostly-helpful votes above a few all-helpful ones', () => {
    expect(wilsonLowerBoundOf(90, 100)).toBeGreaterThan(wilsonLowerBoundOf(3, 3));
    expect(wilsonLowerBoundOf(11, 12)).toBeGreaterThan(wilsonLowerBoundOf(2, 2));
  });
});
