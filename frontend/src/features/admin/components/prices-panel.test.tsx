import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { PricesPanel } from './prices-panel';

describe('PricesPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each run by its store or subscription service', async () => {
    // Midday UTC: the same day in any time zone the tests run in.
    const run = { startedAt: '2026-12-07T12:00:00.000Z', finishedAt: '2026-12-07T12:03:00.000Z', failed: 0 };
    stubFetch((url) =>
      url.endsWith('/api/admin/prices/status')
        ? jsonResponse([
            { store: 'gamepass', ...run, games: 40, changed: 3 },
            { store: 'steam', ...run, games: 12186, changed: 250 },
          ])
        : jsonResponse({}, 404),
    );
    renderWithProviders(<PricesPanel />);
    const list = await screen.findByRole('list', { name: 'Última consulta por tienda' });
    expect([...list.querySelectorAll('li')].map((line) => line.textContent)).toEqual([
      'Game Pass: 07-12-2026 · 40 juegos · 3 cambios · 0 fallos',
      'Steam: 07-12-2026 · 12186 juegos · 250 cambios · 0 fallos',
    ]);
  });
});
