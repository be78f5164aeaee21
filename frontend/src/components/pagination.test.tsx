import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const noop = () => undefined;

describe('Pagination', () => {
  it('keeps Anterior/Siguiente and the page / total display, with nothing more unless asked', () => {
    render(<Pagination page={3} totalPages={10} onPrevious={noop} onNext={noop} />);
    expect(screen.getByText('3 / 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Primera página' })).toBeNull();
    expect(screen.queryByLabelText('Ir a la página')).toBeNull();
  });

  it('jumps to the first, the last and a typed page, a number past the ends going to the nearest end', () => {
    const onJump = vi.fn();
    render(<Pagination page={3} totalPages={77} onPrevious={noop} onNext={noop} onJump={onJump} />);
    fireEvent.click(screen.getByRole('button', { name: 'Primera página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Última página' }));
    const field = screen.getByLabelText('Ir a la página');
    fireEvent.change(field, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ir' }));
    fireEvent.change(field, { target: { value: '9000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ir' }));
    expect(onJump.mock.calls).toEqual([[1], [77], [40], [77]]);
    expect((field as HTMLInputElement).value).toBe('77');
  });

  it('disables the ends where the reader already is', () => {
    render(<Pagination page={1} totalPages={1} onPrevious={noop} onNext={noop} onJump={noop} />);
    for (const name of ['Primera página', 'Anterior', 'Siguiente', 'Última página']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByLabelText('Ir a la página')).toBeNull();
  });
});
