import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { SearchResultsPage } from './search-results-page';

describe('SearchResultsPage', () => {
  it('shows the empty state with the term when nothing is found', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=zeldaa' });
    expect(screen.getByRole('heading', { name: 'RESULTADOS' })).toBeTruthy();
    expect(
      await screen.findByText('Lo sentimos, no hemos encontrado ningún resultado para: "zeldaa"'),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/games/search?name=zeldaa');
    expect(document.title).toBe('zeldaa | Veredicto');
  });

  it('says the search failed, not that nothing exists, and searches again on Reintentar', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const fetchMock = stubFetch(() =>
      failing ? jsonResponse({ statusCode: 500, message: 'Error' }, 500) : jsonResponse([]),
    );
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=mario' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se ha podido completar la búsqueda de «mario».');
    expect(screen.queryByText(/no hemos encontrado ningún resultado/)).toBeNull();
    expect(logged).toHaveBeenCalled();

    failing = false;
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('Lo sentimos, no hemos encontrado ningún resultado para: "mario"'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('asks for a term instead of showing an empty one', () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=' });
    expect(
      screen.getByText('Escribe el nombre de un juego en el buscador para ver resultados.'),
    ).toBeTruthy();
    expect(screen.queryByText(/""/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the games found', async () => {
    stubFetch(() =>
      jsonResponse([
        {
          id: 1,
          igdbID: 7346,
          slug: 'the-legend-of-zelda-breath-of-the-wild',
          title: 'The Legend of Zelda: Breath of the Wild',
          imageCover: null,
          platform: ['Nintendo Switch'],
          releaseDate: '2017-03-03',
          avRatings: 97,
          avUserRatings: 88,
          criticReviewCount: 10,
          userRatingCount: 3,
        },
      ]),
    );
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=zelda' });
    const link = await screen.findByRole('link', { name: 'The Legend of Zelda: Breath of the Wild' });
    expect(link.getAttribute('href')).toBe('/game/the-legend-of-zelda-breath-of-the-wild/7346');
    expect(screen.queryByText(/Lo sentimos/)).toBeNull();
  });

  it('shows the count under RESULTADOS and loads more results on demand', async () => {
    const game = (igdbID: number) => ({
      id: igdbID,
      igdbID,
      slug: `mario-${igdbID}`,
      title: `Mario ${igdbID}`,
      imageCover: null,
      platform: ['PC'],
      releaseDate: '2020-01-01',
      avRatings: null,
      avUserRatings: null,
      criticReviewCount: 0,
      userRatingCount: 0,
    });
    const fetchMock = stubFetch((url) => {
      const page = Number(new URL(url, 'http://local').searchParams.get('page') ?? 0);
      const games = page === 0 ? [1, 2].map(game) : [game(3)];
      return new Response(JSON.stringify(games), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '3' },
      });
    });
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=mario' });
    expect(await screen.findByText('3 resultados para «mario»')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mario 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver más resultados' }));
    expect(await screen.findByRole('link', { name: 'Mario 3' })).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/games/search?name=mario&page=1');
    expect(screen.queryByRole('button', { name: 'Ver más resultados' })).toBeNull();
  });

  it("offers '¿Quizás buscabas…?' when nothing matches", async () => {
    stubFetch(
      () =>
        new Response('[]', {
          headers: {
            'Content-Type': 'application/json',
            'X-Total-Count': '0',
            'X-Did-You-Mean': encodeURIComponent('Hollow Knight'),
          },
        }),
    );
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=hollwo%20kinght' });
    const link = await screen.findByRole('link', { name: 'Hollow Knight' });
    expect(link.getAttribute('href')).toBe('/results?name=Hollow%20Knight');
    expect(screen.getByText(/¿Quizás buscabas/)).toBeTruthy();
  });

  it('filters by castellano voices or texts with the chips, kept in the address', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=bioshock' });
    await screen.findByText(/no hemos encontrado ningún resultado/);
    const voices = screen.getByRole('button', { name: 'Con voces en castellano' });
    expect(voices.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(voices);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
        '/api/games/search?name=bioshock&spanish=audio',
      ),
    );
    expect(screen.getByRole('button', { name: 'Con voces en castellano' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Con textos en castellano' }));
    await vi.waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/games/search?name=bioshock&spanish=text'),
    );
  });
});
