import { countryTimeZone, findTextualDate, parseDate } from './parse-date.js';

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

describe('parseDate with the page’s locale and the fetch time', () => {
  const now = new Date('2025-06-10T12:00:00Z');

  it('reads a time of day without a zone in the zone of the page’s country', () => {
    expect(parseDate('2022-5-5 22:17:36', { locale: 'es-ES' })).toBe('2022-05-05T20:17:36.000Z');
    expect(parseDate('2025-01-15 23:30', { locale: 'es' })).toBe('2025-01-15T22:30:00.000Z');
    expect(parseDate('2025-01-15 10:00', { locale: 'es-MX' })).toBe('2025-01-15T16:00:00.000Z');
    // The US has several zones: Eastern time keeps a US evening on its own day in every one of them.
    expect(parseDate('2025-01-15 10:00', { locale: 'en-US' })).toBe('2025-01-15T15:00:00.000Z');
    expect(parseDate('2019-04-28 06:01:07', { locale: 'en-US' })).toBe('2019-04-28T10:01:07.000Z');
    expect(parseDate('2025-01-15', { locale: 'es-ES' })).toBe('2025-01-15T00:00:00.000Z');
    expect(parseDate('2025-01-15T10:00:00Z', { locale: 'es-ES' })).toBe('2025-01-15T10:00:00.000Z');
  });

  it('reads loose ISO and asctime dates', () => {
    expect(parseDate('2022-5-5 22:17:36')).toBe('2022-05-05T22:17:36.000Z');
    expect(parseDate('Tue Mar  4 10:00:00 2025')).toBe('2025-03-04T10:00:00.000Z');
    expect(parseDate('Tue Mar 04 2025 10:00:00 GMT+0100')).toBe('2025-03-04T09:00:00.000Z');
  });

  it('reads numeric dates month first only on US English pages', () => {
    expect(parseDate('4/6/2016', { locale: 'en-US' })).toBe('2016-04-06T00:00:00.000Z');
    expect(parseDate('4/6/2016', { locale: 'en' })).toBe('2016-04-06T00:00:00.000Z');
    expect(parseDate('4/6/2016', { locale: 'en-GB' })).toBe('2016-06-04T00:00:00.000Z');
    expect(parseDate('4/6/2016', { locale: 'es-ES' })).toBe('2016-06-04T00:00:00.000Z');
    expect(parseDate('4/6/2016', { locale: 'es_MX' })).toBe('2016-06-04T00:00:00.000Z');
    expect(parseDate('4/6/2016')).toBe('2016-06-04T00:00:00.000Z');
    expect(parseDate('13/6/2016', { locale: 'en-US' })).toBeNull();
    expect(parseDate('Posted: 5/29/25 9:15 AM', { locale: 'en' })).toBe('2025-05-29T00:00:00.000Z');
    expect(parseDate('29/05/25', { locale: 'es' })).toBe('2025-05-29T00:00:00.000Z');
  });

  it.each([
    ['hace 2 horas', '2025-06-10T10:00:00.000Z'],
    ['Hace una hora', '2025-06-10T11:00:00.000Z'],
    ['hace 30 minutos', '2025-06-10T11:30:00.000Z'],
    ['hace 3 días', '2025-06-07T12:00:00.000Z'],
    ['Publicado hace 1 semana', '2025-06-03T12:00:00.000Z'],
    ['ayer', '2025-06-09T00:00:00.000Z'],
    ['Ayer a las 18:30', '2025-06-09T18:30:00.000Z'],
    ['hoy, 09:15', '2025-06-10T09:15:00.000Z'],
    ['anteayer', '2025-06-08T00:00:00.000Z'],
    ['2 hours ago', '2025-06-10T10:00:00.000Z'],
    ['yesterday', '2025-06-09T00:00:00.000Z'],
  ])('reads the relative date %s from the fetch time', (text, iso) => {
    expect(parseDate(text, { now })).toBe(iso);
  });

  it('reads no relative date without a fetch time, nor inside running prose', () => {
    expect(parseDate('hace 2 horas')).toBeNull();
    expect(
      parseDate('El estudio anunció ayer que el juego se retrasa, según contaba hace 2 horas su director', {
        now,
      }),
    ).toBeNull();
  });
});

describe("parseDate in the outlet's zone from the registry's country", () => {
  it("reads a zoneless time in the outlet's country, not Madrid's for every Spanish-language page", () => {
    // 23:30 in Buenos Aires is 02:30 UTC the next day; read in Madrid it would be 22:30 UTC the same day.
    const buenosAires = countryTimeZone('AR');
    expect(parseDate('2025-01-15 23:30', { locale: 'es', timeZone: buenosAires })).toBe(
      '2025-01-16T02:30:00.000Z',
    );
    expect(parseDate('2025-01-15 23:30', { locale: 'es' })).toBe('2025-01-15T22:30:00.000Z');
    expect(parseDate('2025-07-15 08:00', { locale: 'es', timeZone: countryTimeZone('mx') })).toBe(
      '2025-07-15T14:00:00.000Z',
    );
  });

  it('keeps the locale when the registry does not place the outlet', () => {
    expect(countryTimeZone(null)).toBeNull();
    expect(countryTimeZone('ZZ')).toBeNull();
    expect(parseDate('2025-01-15 23:30', { locale: 'es', timeZone: countryTimeZone(null) })).toBe(
      '2025-01-15T22:30:00.000Z',
    );
  });
});
