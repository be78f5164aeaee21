import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password-fields';

describe('newPasswordProblem', () => {
  it('asks for 8 characters first, then for the same password twice', () => {
    expect(newPasswordProblem('corta', 'otra', 'No coinciden.')).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
    expect(newPasswordProblem('bastante-larga', 'bastante-largo', 'No coinciden.')).toBe('No coinciden.');
    expect(newPasswordProblem('bastante-larga', 'bastante-larga', 'No coinciden.')).toBeNull();
  });
});
