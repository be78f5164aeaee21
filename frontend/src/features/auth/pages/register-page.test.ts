import { describe, expect, it } from 'vitest';
import { validateRegistration } from './register-page';

describe('validateRegistration', () => {
  const valid = { email: 'ana@example.com', username: 'ana', password: '12345678' };

  it('accepts valid data', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it('rejects a malformed e-mail', () => {
    expect(validateRegistration({ ...valid, email: 'ana@example' })).toBe('Debes ingresar un email válido.');
  });

  it('rejects a short password', () => {
    expect(validateRegistration({ ...valid, password: '1234567' })).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
  });
});
