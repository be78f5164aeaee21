import { isCalendarDate } from './calendar-date.js';

describe('isCalendarDate', () => {
  it('takes real days written yyyy-MM-dd', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('refuses impossible days, other layouts and other types', () => {
    for (const value of ['2026-02-30', '28-02-2026', '2026-2-3', '1900-01-01', '', 20260228, null]) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });
});
