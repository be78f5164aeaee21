import { copyField } from './bulk-copy.js';

describe('copyField (COPY text format)', () => {
  it('writes null as \\N and escapes backslash, tab, newline and carriage return', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('writes booleans, numbers and dates as PostgreSQL reads them (a non-finite number as null, as JSON would)', () => {
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(8.5)).toBe('8.5');
    expect(copyField(Number.NaN)).toBe('\\N');
    expect(copyField(new Date('2026-11-27T10:00:00.000Z'))).toBe('2026-11-27T10:00:00.000Z');
  });

  it('writes arrays as literals with every element quoted, then escaped for COPY', () => {
    expect(copyField([], 'array')).toBe('{}');
    expect(copyField(['PC', 'Xbox One'], 'array')).toBe('{"PC","Xbox One"}');
    expect(copyField(['a "b"', 'c\\d', null, '{e,f}'], 'array')).toBe(
      '{"a \\\\"b\\\\"","c\\\\\\\\d",NULL,"{e,f}"}',
    );
    expect(copyField(['una\tdos'], 'array')).toBe('{"una\\tdos"}');
  });

  it('writes json columns as JSON, escaped for COPY', () => {
    expect(copyField([{ id: 1, title: 'Tráiler\n"oficial"' }], 'json')).toBe(
      '[{"id":1,"title":"Tráiler\\\\n\\\\"oficial\\\\""}]',
    );
  });
});
