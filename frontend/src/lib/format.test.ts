import { describe, expect, it } from 'vitest';
import {
  capitalizeFirst,
  formatDate,
  formatReleaseDate,
  formatScore,
  normalizePlatforms,
  scoreClass,
  slugify,
  toScore,
  truncate,
} from './format';

describe('formatDate', () => {
  it('formats plain ISO dates as dd-MM-yyyy without time-zone shifts', () => {
    expect(formatDate('2024-03-07')).toBe('07-03-2024');
    expect(formatDate('1999-12-31')).toBe('31-12-1999');
  });

  it('formats timestamps in local time', () => {
    const local = new Date(2025, 0, 5, 10, 30).toISOString();
    expect(formatDate(local)).toBe('05-01-2025');
  });

  it('shows dates stored at midnight UTC as the calendar day they name, in any time zone', () => {
    // The front's tests run in Bogotá's time zone (vite.config.ts): read as a local time, these would be
    // 06-03-2025.
    expect(new Date('2025-03-07T00:00:00.000Z').getDate()).toBe(6);
    expect(formatDate('2025-03-07T00:00:00.000Z')).toBe('07-03-2025');
    expect(formatDate('2025-03-07T00:00:00Z')).toBe('07-03-2025');
    expect(formatDate('2025-03-07T00:00:00+00:00')).toBe('07-03-2025');
    expect(formatDate('2025-03-07')).toBe('07-03-2025');
  });

  it('returns an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatScore', () => {
  it('shows S/P for missing or zero scores', () => {
    expect(formatScore(null)).toBe('S/P');
    expect(formatScore(undefined)).toBe('S/P');
    expect(formatScore(0)).toBe('S/P');
    expect(formatScore('0/100')).toBe('S/P');
    expect(formatScore('abc')).toBe('S/P');
  });

  it('shows rounded scores and strips /100', () => {
    expect(formatScore(85)).toBe('85');
    expect(formatScore(72.6)).toBe('73');
    expect(formatScore('90/100')).toBe('90');
  });

  it('reads numeric texts', () => {
    expect(toScore('8,5')).toBe(8.5);
    expect(toScore('77')).toBe(77);
  });
});

describe('scoreClass', () => {
  it.each([
    [100, 'high'],
    [85, 'high'],
    [84, 'medium'],
    [50, 'medium'],
    [49, 'low'],
    [1, 'low'],
    [0, 'null'],
    [null, 'null'],
    [undefined, 'null'],
    ['90/100', 'high'],
  ] as const)('%s is %s', (score, expected) => {
    expect(scoreClass(score)).toBe(expected);
  });
});

describe('slugify', () => {
  it('lower-cases and removes accents', () => {
    expect(slugify('Pokémon Leyendas: Z-A')).toBe('pokemon-leyendas-z-a');
    expect(slugify('Ñandú Árbol Ölé')).toBe('nandu-arbol-ole');
  });

  it('turns every run of other characters into one hyphen and trims hyphens', () => {
    expect(slugify('  ¡Hola, Mundo!!  ')).toBe('hola-mundo');
    expect(slugify('The Legend of Zelda: Tears of the Kingdom')).toBe(
      'the-legend-of-zelda-tears-of-the-kingdom',
    );
    expect(slugify('Xbox Series X|S -- 2025')).toBe('xbox-series-x-s-2025');
  });
});

describe('helpers', () => {
  it('truncates long texts with an ellipsis', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdefgh', 5)).toBe('abcde…');
  });

  it('capitalises the first letter', () => {
    expect(capitalizeFirst('favoritos')).toBe('Favoritos');
    expect(capitalizeFirst('')).toBe('');
  });

  it('normalises platforms given as an array or a comma-separated text', () => {
    expect(normalizePlatforms('PC, PlayStation 5 ,')).toEqual(['PC', 'PlayStation 5']);
    expect(normalizePlatforms(['Xbox One'])).toEqual(['Xbox One']);
    expect(normalizePlatforms(null)).toEqual([]);
  });
});

describe('formatReleaseDate', () => {
  it.each([
    ['2026-12-31', 'year', '2026'],
    ['2026-03-31', 'quarter', 'T1 2026'],
    ['2026-09-30', 'quarter', 'T3 2026'],
    ['2026-03-01', 'month', 'marzo de 2026'],
    ['2026-03-14', 'day', '14-03-2026'],
    ['2026-03-14', null, '14-03-2026'],
    [null, 'year', ''],
  ] as const)('%s with precision %s is %s', (date, precision, text) => {
    expect(formatReleaseDate(date, precision)).toBe(text);
  });
});
