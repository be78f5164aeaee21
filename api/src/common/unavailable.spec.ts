import { isServiceUnavailable } from './unavailable.js';

describe('isServiceUnavailable', () => {
  it('recognises a terminated or refused PostgreSQL connection and a refused Redis command', () => {
    expect(isServiceUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isServiceUnavailable(new Error('x', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(
      isServiceUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
  });

  it('leaves real bugs and constraint violations alone (they stay 500 or their own status)', () => {
    expect(isServiceUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isServiceUnavailable(undefined)).toBe(false);
  });
});
