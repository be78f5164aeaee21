import { describe, expect, it } from 'vitest';
import { countryName, deviationVerdict, languageName, signedPoints } from './outlet-text';

describe('outlet texts', () => {
  it('signs points with a Spanish decimal comma and a true minus', () => {
    expect(signedPoints(2.44)).toBe('+2,4');
    expect(signedPoints(-1)).toBe('−1,0');
    expect(signedPoints(0.01)).toBe('0,0');
  });

  it('names countries and languages in Spanish', () => {
    expect(countryName('ES')).toBe('España');
    expect(countryName(null)).toBe('Desconocido');
    expect(languageName('en')).toBe('inglés');
  });

  it('reads the interval: above, below or not distinguishable from zero', () => {
    expect(deviationVerdict({ mean: 3, ci95: [1, 5], games: 40 })).toMatch(/más generoso/);
    expect(deviationVerdict({ mean: -3, ci95: [-5, -1], games: 40 })).toMatch(/más duro/);
    expect(deviationVerdict({ mean: 0.5, ci95: [-1, 2], games: 40 })).toMatch(/en línea/);
    expect(deviationVerdict({ mean: null, ci95: null, games: 4 })).toBe(
      'Sin datos suficientes: hacen falta 10 juegos comparables y tiene 4.',
    );
  });
});
