import { screen } from '@testing-library/react';
import { steamSpanishLabel } from '@veredicto/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { GamePrices } from './game-prices';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

describe('GamePrices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the price the Spanish way, the 30-day low beside the discount, its end, source and date', async () => {
    const endsAt = day(10);
    const asOf = day(0);
    stubFetch((url) =>
      url.endsWith('/prices')
        ? jsonResponse({
            offers: [
              {
                store: 'steam',
                platform: 'pc',
                url: 'https://store.steampowered.com/app/620/Portal_2/',
                regular: 1999,
                final: 499,
                discountPct: 75,
                lowest30d: 999,
                endsAt,
                asOf,
              },
            ],
            historicLow: null,
            subscriptions: [{ service: 'Game Pass', since: '2026-11-01', leaving: '2026-12-20' }],
          })
        : jsonResponse([]),
    );
    renderWithProviders(<GamePrices igdbID={620} />);
    const line = await screen.findByTestId('price-steam-pc');
    const text = line.textContent?.replace(/\u00a0/g, ' ');
    expect(text).toContain('19,99 €');
    expect(text).toContain('4,99 €');
    expect(text).toContain('-75 %');
    expect(text).toContain('Precio más bajo en 30 días: 9,99 €');
    expect(text).toContain(`Oferta hasta el ${new Date(endsAt).getDate().toString().padStart(2, '0')}-`);
    expect(text).toContain('Fuente: Steam');
    expect(screen.getByRole('link', { name: 'Steam' }).getAttribute('rel')).toContain('nofollow');
    expect(screen.getByTestId('subscription').textContent).toBe(
      'Incluido en Game Pass desde el 01-11-2026 · Sale pronto (anunciado el 20-12-2026)',
    );
  });

  it('writes a subscription without an offer, and no leaving line while the game is not leaving', async () => {
    stubFetch(() =>
      jsonResponse({
        offers: [],
        historicLow: null,
        subscriptions: [{ service: 'Game Pass', since: '2026-03-09', leaving: null }],
      }),
    );
    renderWithProviders(<GamePrices igdbID={620} />);
    expect((await screen.findByTestId('subscription')).textContent).toBe(
      'Incluido en Game Pass desde el 09-03-2026',
    );
    expect(screen.queryByText(/Sale pronto/)).toBeNull();
    // A subscription is price data enough: the empty state is for neither offers nor subscriptions.
    expect(screen.queryByText('Sin datos de precio')).toBeNull();
  });

  it("lists Nintendo's and the Microsoft Store's offers by store and platform; Nintendo gives no 30-day low", async () => {
    const asOf = day(0);
    const endsAt = day(5);
    stubFetch((url) =>
      url.endsWith('/prices')
        ? jsonResponse({
            offers: [
              {
                store: 'xbox',
                platform: 'xbox-series',
                url: 'https://www.xbox.com/es-ES/games/store/forza-horizon-5/9NBLGGH4R315',
                regular: 6999,
                final: 3499,
                discountPct: 50,
                lowest30d: null,
                endsAt,
                asOf,
              },
              {
                store: 'nintendo',
                platform: 'switch',
                url: 'https://ec.nintendo.com/ES/es/titles/70010000000023',
                regular: 5999,
                final: 4199,
                discountPct: 30,
                lowest30d: null,
                endsAt,
                asOf,
              },
              {
                store: 'steam',
                platform: 'pc',
                url: 'https://store.steampowered.com/app/620/Portal_2/',
                regular: 999,
                final: 999,
                discountPct: 0,
                lowest30d: null,
                endsAt: null,
                asOf,
              },
            ],
            historicLow: null,
            subscriptions: [],
          })
        : jsonResponse([]),
    );
    renderWithProviders(<GamePrices igdbID={1942} />);
    const nintendo = (await screen.findByTestId('price-nintendo-switch')).textContent?.replace(
      /\u00a0/g,
      ' ',
    );
    expect(nintendo).toContain('Nintendo eShop · Nintendo Switch');
    expect(nintendo).toContain('59,99 €');
    expect(nintendo).toContain('41,99 €');
    expect(nintendo).toContain('-30 %');
    expect(nintendo).toContain('Precio más bajo en 30 días: la tienda no lo indica');
    expect(nintendo).toContain('Fuente: Nintendo eShop');
    const xbox = screen.getByTestId('price-xbox-xbox-series').textContent?.replace(/\u00a0/g, ' ');
    expect(xbox).toContain('Microsoft Store · Xbox Series X|S');
    expect(xbox).toContain('34,99 €');
    expect(xbox).toContain('-50 %');
    expect(xbox).toContain('Fuente: Microsoft Store');
    expect(screen.getByRole('link', { name: 'Nintendo eShop' }).getAttribute('href')).toBe(
      'https://ec.nintendo.com/ES/es/titles/70010000000023',
    );
    expect(screen.getByRole('link', { name: 'Microsoft Store' }).getAttribute('rel')).toContain('nofollow');
    // Without a discount, no 30-day line.
    expect(screen.getByTestId('price-steam-pc').textContent).not.toContain('30 días');
    expect(
      screen.getAllByRole('listitem').filter((item) => item.dataset.testid?.startsWith('price-')),
    ).toHaveLength(3);
  });

  it("says 'Sin datos de precio' when no store answered", async () => {
    stubFetch(() => jsonResponse({ offers: [], historicLow: null, subscriptions: [] }));
    renderWithProviders(<GamePrices igdbID={620} />);
    expect(await screen.findByText('Sin datos de precio')).toBeTruthy();
    expect(screen.queryByTestId('subscription')).toBeNull();
  });

  it("writes 'En Steam, en español' with the share rounded and the count grouped the Spanish way", async () => {
    expect(steamSpanishLabel(3139, 3412)).toBe('92 % positivas (3.412)');
    expect(steamSpanishLabel(150, 200)).toBe('75 % positivas (200)');
    expect(steamSpanishLabel(1_234_567, 1_234_567)).toBe('100 % positivas (1.234.567)');
    stubFetch(() => jsonResponse({ offers: [], historicLow: null, subscriptions: [] }));
    renderWithProviders(
      <GamePrices
        igdbID={620}
        steamSpanish={{ positive: 3139, total: 3412, label: steamSpanishLabel(3139, 3412) }}
      />,
    );
    expect((await screen.findByTestId('steam-spanish')).textContent).toBe(
      'En Steam, en español: 92 % positivas (3.412)',
    );
  });

  it('leaves the line out without Spanish reviews', async () => {
    stubFetch(() => jsonResponse({ offers: [], historicLow: null, subscriptions: [] }));
    renderWithProviders(<GamePrices igdbID={620} steamSpanish={null} />);
    await screen.findByText('Sin datos de precio');
    expect(screen.queryByTestId('steam-spanish')).toBeNull();
  });
});
