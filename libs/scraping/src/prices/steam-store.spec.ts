import { readSteamPrices } from './steam-store.js';

describe('readSteamPrices', () => {
  // The shape of steamy-py's recorded GetItems answer (tests/fixtures/store_get_items.json): int64 fields
  // as JSON strings, the discount's end in seconds, a free app without a purchase option.
  const answer = {
    response: {
      store_items: [
        {
          item_type: 0,
          id: 620,
          success: 1,
          visible: true,
          name: 'Portal 2',
          store_url_path: 'app/620/Portal_2/',
          appid: 620,
          best_purchase_option: {
            packageid: 7877,
            final_price_in_cents: '199',
            original_price_in_cents: '999',
            discount_pct: 80,
            active_discounts: [{ discount_amount: '800', discount_end_date: 1760029200 }],
            lowest_recent_price_in_cents: '199',
          },
        },
        { item_type: 0, id: 440, success: 1, appid: 440, is_free: true },
        { item_type: 0, id: 9999999, success: 2 },
      ],
    },
  };

  it('reads cents, the discount, its end and the 30-day low; leaves out free and unknown apps', () => {
    expect(readSteamPrices(answer)).toEqual([
      {
        appId: '620',
        url: 'https://store.steampowered.com/app/620/Portal_2/',
        regular: 999,
        final: 199,
        discountPct: 80,
        lowest30d: 199,
        endsAt: new Date(1760029200 * 1000),
      },
    ]);
  });

  it('answers nothing for an empty or malformed answer', () => {
    expect(readSteamPrices({ response: {} })).toEqual([]);
    expect(readSteamPrices(null)).toEqual([]);
    expect(
      readSteamPrices({
        response: {
          store_items: [{ id: 1, success: 1, best_purchase_option: { final_price_in_cents: 'x' } }],
        },
      }),
    ).toEqual([]);
  });
});
