import { NINTENDO_BATCH, NintendoStore, readNintendoPrices, readNintendoSearch } from './nintendo-store.js';
import { StoreCaller } from './store-caller.js';
import { eurosToCents } from './store-price.js';

const now = new Date('2026-12-07T12:00:00Z');

describe('readNintendoPrices', () => {
  // The shape of nintendeals' recorded answer (tests/test_api/test_prices.py, github.com/fedecalendino/nintendeals,
  // commit a32f186f): raw values as strings, the discount with its start and end, unknown ids `not_found`.
  const answer = {
    personalized: false,
    country: 'ES',
    prices: [
      {
        title_id: 70010000000023,
        sales_status: 'onsale',
        regular_price: { amount: '69,99 €', currency: 'EUR', raw_value: '69.99' },
      },
      {
        title_id: 70010000000529,
        sales_status: 'onsale',
        regular_price: { amount: '59,99 €', currency: 'EUR', raw_value: '59.99' },
        discount_price: {
          amount: '41,99 €',
          currency: 'EUR',
          raw_value: '41.99',
          start_datetime: '2026-12-01T00:00:00Z',
          end_datetime: '2026-12-17T22:59:59Z',
        },
      },
      { title_id: 70010000000001, sales_status: 'not_found' },
    ],
  };

  it('reads euros as integer cents, the running discount and its end; no 30-day low', () => {
    expect(readNintendoPrices(answer, now)).toEqual([
      {
        storeId: '70010000000023',
        platform: 'switch',
        url: 'https://ec.nintendo.com/ES/es/titles/70010000000023',
        regular: 6999,
        final: 6999,
        discountPct: 0,
        lowest30d: null,
        endsAt: null,
      },
      {
        storeId: '70010000000529',
        platform: 'switch',
        url: 'https://ec.nintendo.com/ES/es/titles/70010000000529',
        regular: 5999,
        final: 4199,
        discountPct: 30,
        lowest30d: null,
        endsAt: new Date('2026-12-17T22:59:59Z'),
      },
    ]);
  });

  it('leaves out free titles, other currencies, missing prices and a discount not started or over', () => {
    const one = (price: object) =>
      readNintendoPrices({ prices: [{ title_id: 70010000000002, ...price }] }, now);
    expect(one({ sales_status: 'onsale', regular_price: { currency: 'EUR', raw_value: '0' } })).toEqual([]);
    expect(one({ sales_status: 'onsale', regular_price: { currency: 'GBP', raw_value: '59.99' } })).toEqual(
      [],
    );
    expect(one({ sales_status: 'onsale' })).toEqual([]);
    expect(
      one({ sales_status: 'unreleased', regular_price: { currency: 'EUR', raw_value: '9.99' } }),
    ).toEqual([]);
    expect(one({ sales_status: 'onsale', regular_price: { currency: 'EUR', raw_value: 'gratis' } })).toEqual(
      [],
    );
    const later = one({
      sales_status: 'onsale',
      regular_price: { currency: 'EUR', raw_value: '19.99' },
      discount_price: { currency: 'EUR', raw_value: '9.99', start_datetime: '2026-12-20T00:00:00Z' },
    });
    expect(later).toEqual([
      expect.objectContaining({ regular: 1999, final: 1999, discountPct: 0, endsAt: null }),
    ]);
    expect(readNintendoPrices(null)).toEqual([]);
    expect(readNintendoPrices({ error: { message: 'Over ids limit number' } })).toEqual([]);
  });
});

describe('eurosToCents', () => {
  it('rounds the float products to whole cents', () => {
    expect(eurosToCents('19.99')).toBe(1999);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(69.99)).toBe(6999);
    expect(eurosToCents('9')).toBe(900);
    expect(eurosToCents('-1')).toBeNull();
    expect(eurosToCents('1,99')).toBeNull();
    expect(eurosToCents(undefined)).toBeNull();
    expect(eurosToCents(Number.NaN)).toBeNull();
  });
});

describe('readNintendoSearch', () => {
  // The European search's Solr answer (github.com/lmmfranco/nintendo-switch-eshop, src/lib/utils/interfaces.ts
  // GameEU, commit a1ba0c84; the release dates as nintendeals reads them): `response.docs[]`.
  it('reads the title, the Switch nsuids and the day of release', () => {
    expect(
      readNintendoSearch({
        responseHeader: { status: 0, QTime: 3 },
        response: {
          numFound: 2345,
          start: 0,
          docs: [
            {
              title: 'The Legend of Zelda: Breath of the Wild',
              nsuid_txt: ['70010000000023'],
              dates_released_dts: ['2017-03-03T00:00:00Z'],
              system_names_txt: ['Nintendo Switch'],
            },
            { title: 'Sin nsuid', dates_released_dts: ['2020-01-01T00:00:00Z'] },
            { title: 'Una demo de 3DS', nsuid_txt: ['50010000000001'] },
            { title: 'Sin fecha', nsuid_txt: ['70010000000099'] },
          ],
        },
      }),
    ).toEqual({
      found: 2345,
      titles: [
        {
          title: 'The Legend of Zelda: Breath of the Wild',
          nsuids: ['70010000000023'],
          releaseDate: '2017-03-03',
        },
        { title: 'Sin fecha', nsuids: ['70010000000099'], releaseDate: null },
      ],
    });
    expect(readNintendoSearch({})).toEqual({ found: 0, titles: [] });
  });
});

describe('NintendoStore', () => {
  it('never asks more than 50 ids in one call', async () => {
    const store = new NintendoStore(
      'http://127.0.0.1:9',
      'http://127.0.0.1:9',
      new StoreCaller({ intervalMs: 0 }),
    );
    const ids = Array.from({ length: NINTENDO_BATCH + 1 }, (_, index) => String(70010000000000 + index));
    await expect(store.prices(ids)).rejects.toThrow('50 ids');
  });
});
