import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { SearchForm } from './search-form';

const suggestions = [
  {
    igdbID: 7346,
    slug: 'the-legend-of-zelda-breath-of-the-wild',
    title: 'The Legend of Zelda: Breath of the Wild',
    imageCover: null,
    releaseDate: '2017-03-03',
    platform: ['Nintendo Switch'],
  },
  {
    igdbID: 119388,
    slug: 'the-legend-of-zelda-tears-of-the-kingdom',
    title: 'The Legend of Zelda: Tears of the Kingdom',
    imageCover: null,
    releaseDate: '2023-05-12',
    platform: ['Nintendo Switch'],
  },
];

describe('SearchForm suggestions', () => {
  afterEach(() => vi.useRealTimers());

  it('suggests games while typing as an accessible combobox', async () => {
    const fetchMock = stubFetch(() => jsonResponse(suggestions));
    renderWithProviders(<SearchForm />);
    const input = screen.getByRole('combobox', { name: 'Buscar juegos' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'zelda' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/games/suggest?q=zelda');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options[0].textContent).toContain('2017 · Nintendo Switch');
    expect(screen.getByText('2 sugerencias; usa las flechas para elegir')).toBeTruthy();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('asks nothing for a single letter', async () => {
    const fetchMock = stubFetch(() => jsonResponse(suggestions));
    renderWithProviders(<SearchForm />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'z' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
