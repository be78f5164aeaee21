import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus, traps Tab and closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Escribe tu crítica" onClose={onClose}>
        <button type="button">Publicar</button>
        <button type="button">Cerrar</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Escribe tu crítica' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const first = screen.getByRole('button', { name: 'Publicar' });
    const last = screen.getByRole('button', { name: 'Cerrar' });
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
