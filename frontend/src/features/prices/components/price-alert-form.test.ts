import { describe, expect, it } from 'vitest';
import { parseEuros } from './price-alert-form';

describe('parseEuros', () => {
  it('reads euros with a comma or a point into cents', () => {
    expect(parseEuros('19,99')).toBe(1999);
    expect(parseEuros('15')).toBe(1500);
    expect(parseEuros('7.5 €')).toBe(750);
  });

  it('refuses what is no price', () => {
    expect(parseEuros('barato')).toBeNull();
    expect(parseEuros('0')).toBeNull();
    expect(parseEuros('-3')).toBeNull();
  });
});
