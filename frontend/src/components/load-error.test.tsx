import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says what failed and asks again on Reintentar', async () => {
    let settle: () => void = () => undefined;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<LoadError message="No se ha podido cargar el catálogo." onRetry={onRetry} />);

    expect(screen.getByRole('alert').textContent).toContain('No se ha podido cargar el catálogo.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Reintentando...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => settle());
    expect((screen.getByRole('button', { name: 'Reintentar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
