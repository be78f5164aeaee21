import { screen } from '@testing-library/react';
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

  it('shows the empty state when the search fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ statusCode: 500, message: 'Error' }, 500));
    renderWithProviders(<SearchResultsPage />, { route: '/results?name=mario' });
    expect(
      await screen.findByText('Lo sentimos, no hemos encontrado ningún resultado para: "mario"'),
    ).toBeTruthy();
    expect(logged).toHaveBeenCalled();
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
});
