import { LETTER_GRADES, normalizeScore } from './normalize-score.js';

describe('normalizeScore', () => {
  describe('fractions', () => {
    it.each([
      ['8.5/10', 85, '10'],
      ['8,5/10', 85, '10'],
      ['8,5 / 10', 85, '10'],
      ['10/10', 100, '10'],
      ['0/10', 0, '10'],
      ['85/100', 85, '100'],
      ['4/5', 80, '5'],
      ['4.5/5 stars', 90, '5'],
      ['3,5/5 estrellas', 70, '5'],
      ['8 de 10', 80, '10'],
      ['9 sobre 10', 90, '10'],
      ['4 out of 5', 80, '5'],
      ['7.25/10', 73, '10'],
      ['8,45/10', 85, '10'],
      ['3.7/5', 74, '5'],
      ['4.5/5 ★', 90, '5'],
      ['Nota: 8,5/10', 85, '10'],
      ['Nota final: 9/10', 90, '10'],
    ])('reads %s as %d', (raw, rating, scale) => {
      expect(normalizeScore(raw)).toEqual({ rating, raw, scale });
    });

    it('rejects scores above or below their own scale', () => {
      expect(normalizeScore('11/10')).toEqual({ rating: null, raw: '11/10', scale: '10' });
      expect(normalizeScore('-1/10')).toEqual({ rating: null, raw: '-1/10', scale: '10' });
      expect(normalizeScore('5/0')).toEqual({ rating: null, raw: '5/0', scale: '0' });
    });

    it('lets an explicit denominator win over a hint', () => {
      expect(normalizeScore('8/10', { best: 5 })).toEqual({ rating: 80, raw: '8/10', scale: '10' });
    });
  });

  describe('stars', () => {
    it.each([
      ['★★★★☆', 80, '5'],
      ['★★★☆☆', 60, '5'],
      ['★★★★★', 100, '5'],
      ['★★★', 60, '5'],
      ['★★★★½', 90, '5'],
      ['★★★½☆', 70, '5'],
      ['★★★★★★★☆☆☆', 70, '10'],
      ['☆☆☆☆☆', 0, '5'],
    ])('reads %s as %d', (raw, rating, scale) => {
      expect(normalizeScore(raw)).toEqual({ rating, raw, scale });
    });
  });

  describe('percentages', () => {
    it.each([
      ['85%', 85],
      ['85 %', 85],
      ['92,5%', 93],
      ['100%', 100],
      ['0%', 0],
    ])('reads %s as %d', (raw, rating) => {
      expect(normalizeScore(raw)).toEqual({ rating, raw, scale: '%' });
    });

    it('rejects percentages above 100', () => {
      expect(normalizeScore('105%')).toEqual({ rating: null, raw: '105%', scale: '%' });
    });
  });

  describe('bare numbers', () => {
    it.each([
      ['8.5', 85, '10'],
      ['8,5', 85, '10'],
      ['10', 100, '10'],
      ['0', 0, '10'],
      ['7', 70, '10'],
      ['11', 11, '100'],
      ['85', 85, '100'],
      ['100', 100, '100'],
      ['Nota: 8,5', 85, '10'],
      ['Puntuación: 85', 85, '100'],
      ['Score - 9.2', 92, '10'],
      ['85 puntos', 85, '100'],
    ])('reads %s as %d on /%s', (raw, rating, scale) => {
      expect(normalizeScore(raw)).toEqual({ rating, raw, scale });
    });

    it('accepts numbers as well as text', () => {
      expect(normalizeScore(8.5)).toEqual({ rating: 85, raw: '8.5', scale: '10' });
      expect(normalizeScore(85)).toEqual({ rating: 85, raw: '85', scale: '100' });
      expect(normalizeScore(Number.NaN)).toEqual({ rating: null, raw: '', scale: null });
      expect(normalizeScore(Number.POSITIVE_INFINITY)).toEqual({ rating: null, raw: '', scale: null });
    });

    it('leaves numbers beyond 100 or below 0 unscored', () => {
      expect(normalizeScore('150')).toEqual({ rating: null, raw: '150', scale: null });
      expect(normalizeScore('-3')).toEqual({ rating: null, raw: '-3', scale: null });
      expect(normalizeScore(101)).toEqual({ rating: null, raw: '101', scale: null });
    });
  });

  describe('schema.org ratingValue with bestRating and worstRating', () => {
    it('counts value ÷ best whatever worstRating says (docs/CONTRACT.md §2: 4/5 is 80)', () => {
      expect(normalizeScore('8,5', { best: 10 })).toEqual({ rating: 85, raw: '8,5', scale: '10' });
      expect(normalizeScore(8.5, { best: 10, worst: 0 })).toEqual({ rating: 85, raw: '8.5', scale: '10' });
      expect(normalizeScore('85', { best: 100 })).toEqual({ rating: 85, raw: '85', scale: '100' });
      expect(normalizeScore('3', { best: 5, worst: 1 })).toEqual({ rating: 60, raw: '3', scale: '5' });
      expect(normalizeScore('4', { best: 5, worst: 1 })).toEqual({ rating: 80, raw: '4', scale: '5' });
      expect(normalizeScore('1', { best: 5, worst: 1 })).toEqual({ rating: 20, raw: '1', scale: '5' });
      expect(normalizeScore('4', { best: 4 })).toEqual({ rating: 100, raw: '4', scale: '4' });
    });

    it('assumes bestRating 5 when it is missing', () => {
      expect(normalizeScore('4', {})).toEqual({ rating: 80, raw: '4', scale: '5' });
      expect(normalizeScore(4.5, { worst: 0 })).toEqual({ rating: 90, raw: '4.5', scale: '5' });
      expect(normalizeScore('5', {})).toEqual({ rating: 100, raw: '5', scale: '5' });
    });

    it('reads a value that cannot be out of 5 like a bare score when bestRating is missing', () => {
      expect(normalizeScore('8', {})).toEqual({ rating: 80, raw: '8', scale: '10' });
      expect(normalizeScore('78', {})).toEqual({ rating: 78, raw: '78', scale: '100' });
    });

    it('rejects values outside explicit bounds', () => {
      expect(normalizeScore('12', { best: 10 })).toEqual({ rating: null, raw: '12', scale: '10' });
      expect(normalizeScore('0', { best: 5, worst: 1 })).toEqual({ rating: null, raw: '0', scale: '5' });
      expect(normalizeScore('3', { best: 1, worst: 1 })).toEqual({ rating: null, raw: '3', scale: '1' });
      // Not on the page's scale: refused, not clamped to 100.
      expect(normalizeScore('85', { best: 10, worst: 0 })).toEqual({ rating: null, raw: '85', scale: '10' });
      expect(normalizeScore('12/10')).toEqual({ rating: null, raw: '12/10', scale: '10' });
    });

    it('ignores bounds that are not finite numbers', () => {
      expect(normalizeScore('8', { best: Number.NaN })).toEqual({ rating: 80, raw: '8', scale: '10' });
    });
  });

  describe('letter grades', () => {
    it.each(Object.entries(LETTER_GRADES))('reads %s as %d', (grade, rating) => {
      expect(normalizeScore(grade)).toEqual({ rating, raw: grade, scale: 'A-F' });
    });

    it('documents the whole table', () => {
      expect(LETTER_GRADES).toEqual({
        'A+': 100,
        A: 95,
        'A-': 90,
        'B+': 87,
        B: 83,
        'B-': 80,
        'C+': 77,
        C: 73,
        'C-': 70,
        'D+': 67,
        D: 63,
        'D-': 60,
        F: 40,
      });
    });

    it('accepts lower case, typographic minus signs and labels', () => {
      expect(normalizeScore('b+')).toEqual({ rating: 87, raw: 'b+', scale: 'A-F' });
      expect(normalizeScore('A−')).toEqual({ rating: 90, raw: 'A−', scale: 'A-F' });
      expect(normalizeScore('C –')).toEqual({ rating: 70, raw: 'C –', scale: 'A-F' });
      expect(normalizeScore('Grade: B-')).toEqual({ rating: 80, raw: 'Grade: B-', scale: 'A-F' });
    });

    it('does not invent grades that do not exist', () => {
      expect(normalizeScore('E')).toEqual({ rating: null, raw: 'E', scale: null });
      expect(normalizeScore('F+')).toEqual({ rating: null, raw: 'F+', scale: null });
    });
  });

  describe('unparsable scores', () => {
    it.each(['', '   ', 'tbd', 'TBD', 'N/A', 'Sin nota', 'Sobresaliente', '8.5.1', 'abc/10'])(
      'leaves %p unscored',
      (raw) => {
        expect(normalizeScore(raw)).toEqual({ rating: null, raw: raw.trim(), scale: null });
      },
    );

    it('collapses whitespace in the raw text', () => {
      expect(normalizeScore('  8,5\u00a0/\n 10 ')).toEqual({ rating: 85, raw: '8,5 / 10', scale: '10' });
    });
  });
});
