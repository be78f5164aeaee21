import { findTextualDate, parseDate } from './date-parse.util.js';

describe('parseDate', () => {
  it.each([
    ['2025-03-12T10:30:00+01:00', '2025-03-12T09:30:00.000Z'],
    ['2025-03-12T10:30:00.123-0500', '2025-03-12T15:30:00.000Z'],
    ['2025-03-12T10:30:00Z', '2025-03-12T10:30:00.000Z'],
    ['2025-03-12T10:30', '2025-03-12T10:30:00.000Z'],
    ['2025-03-12 10:30:15', '2025-03-12T10:30:15.000Z'],
    ['2025-03-12', '2025-03-12T00:00:00.000Z'],
    ['20250312', '2025-03-12T00:00:00.000Z'],
    ['Wed, 12 Mar 2025 10:00:00 GMT', '2025-03-12T10:00:00.000Z'],
    ['Wed, 12 Mar 2025 10:00:00 +0100', '2025-03-12T09:00:00.000Z'],
    ['12 de marzo de 2025', '2025-03-12T00:00:00.000Z'],
    ['miércoles, 12 de marzo de 2025 - 18:45', '2025-03-12T00:00:00.000Z'],
    ['1 de septiembre del 2024', '2024-09-01T00:00:00.000Z'],
    ['12 mar. 2025', '2025-03-12T00:00:00.000Z'],
    ['2 abril, 2025', '2025-04-02T00:00:00.000Z'],
    ['March 17, 2025', '2025-03-17T00:00:00.000Z'],
    ['Apr 23, 2025', '2025-04-23T00:00:00.000Z'],
    ['17th March 2025', '2025-03-17T00:00:00.000Z'],
    ['25/3/2025 - 14:00', '2025-03-25T00:00:00.000Z'],
    ['05.03.2025', '2025-03-05T00:00:00.000Z'],
    ['2025/03/05', '2025-03-05T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each([
    null,
    undefined,
    '',
    'ayer',
    '2025-02-30',
    '31 de febrero de 2025',
    '2025-13-01',
    '32/01/2025',
    '1 de marzo de 1850',
  ])('rejects %p', (text) => {
    expect(parseDate(text)).toBeNull();
  });
});

describe('findTextualDate', () => {
  it('finds a date inside a longer text', () => {
    expect(findTextualDate('Publicado el miércoles, 12 de marzo de 2025 a las 18:45')).toBe(
      '2025-03-12T00:00:00.000Z',
    );
    expect(findTextualDate('By Jane Doe · Updated: Jul 31, 2025 1:20 pm')).toBe('2025-07-31T00:00:00.000Z');
    expect(findTextualDate('Sin fecha a la vista')).toBeNull();
  });
});
