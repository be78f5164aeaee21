import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TextAreaField, TextField } from './text-field';

describe('TextField', () => {
  it('ties the label, the value and the hint to the input', () => {
    const onValueChange = vi.fn();
    render(
      <TextField
        label="Contraseña"
        type="password"
        value="abc"
        onValueChange={onValueChange}
        hint="Mínimo 8 caracteres."
      />,
    );
    const input = screen.getByLabelText('Contraseña');
    expect(input.getAttribute('type')).toBe('password');
    expect((input as HTMLInputElement).value).toBe('abc');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Mínimo 8 caracteres.');
    fireEvent.change(input, { target: { value: 'abcd' } });
    expect(onValueChange).toHaveBeenCalledWith('abcd');
  });

  it('has no aria-describedby without a hint', () => {
    render(<TextField label="Usuario" value="" onValueChange={() => undefined} />);
    expect(screen.getByLabelText('Usuario').hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('TextAreaField', () => {
  it('ties the label and the value to the textarea, with its own limits', () => {
    const onValueChange = vi.fn();
    render(
      <TextAreaField
        label="Comentario (opcional)"
        rows={3}
        maxLength={1000}
        value="Cuenta"
        onValueChange={onValueChange}
      />,
    );
    const textarea = screen.getByRole('textbox', { name: 'Comentario (opcional)' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect([textarea.getAttribute('rows'), textarea.getAttribute('maxlength')]).toEqual(['3', '1000']);
    fireEvent.change(textarea, { target: { value: 'Cuenta el final.' } });
    expect(onValueChange).toHaveBeenCalledWith('Cuenta el final.');
  });
});
