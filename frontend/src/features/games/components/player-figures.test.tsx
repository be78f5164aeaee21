import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { PlayerFigures } from './score-figures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('PlayerFigures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the weekly chart when flagged windows exist, even while the stored count is still 0', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/player-timeline')
        ? jsonResponse([{ week: day(-3), count: 30, average: 5, excluded: 30 }])
        : jsonResponse([]),
    );
    renderWithProviders(
      <PlayerFigures
        igdbID={500}
        player={{
          count: 0,
          average: null,
          histogram: Array(10).fill(0),
          unusual: [{ from: day(-3), to: day(-2), count: 30, excluded: 30 }],
        }}
        includeUnusual={false}
        onIncludeUnusualChange={() => undefined}
      />,
    );
    expect(await screen.findByTestId('player-timeline')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/500/player-timeline'))).toBe(true);
  });

  it('asks for nothing for a game nobody has rated', () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    renderWithProviders(
      <PlayerFigures
        igdbID={501}
        player={{ count: 0, average: null, histogram: Array(10).fill(0), unusual: [] }}
        includeUnusual={false}
        onIncludeUnusualChange={() => undefined}
      />,
    );
    expect(screen.getByText('Aún nadie lo ha puntuado.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
