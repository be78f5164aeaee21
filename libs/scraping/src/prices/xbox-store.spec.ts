import { readXboxPrices, XBOX_BATCH, XboxStore } from './xbox-store.js';
import { StoreCaller } from './store-caller.js';

const now = new Date('2026-12-07T12:00:00Z');

/**
 * An availability in the shape of xbox-webapi-python's recorded display catalogue answer
 * (tests/data/responses/catalog_browse_details.json, github.com/OpenXbox/xbox-webapi-python, commit 551072d6):
 * `Actions`, `Conditions` with `ClientConditions.AllowedPlatforms`, `StartDate`, `EndDate` ("9998-12-30…" when
 * it never ends), `OrderManagementData.Price` with `ListPrice`, `MSRP` and `CurrencyCode` (numbers in units).
 */
const availability = (price: object, conditions: object = {}, extra: object = {}) => ({
  Actions: ['Details', 'Fulfill', 'Purchase', 'Browse', 'Curate', 'Redeem'],
  AvailabilityASchema: 'Availability;3',
  AvailabilityBSchema: 'AvailabilityGame;1',
  AvailabilityId: 'B3157BXFMS19',
  Conditions: {
    ClientConditions: {
      AllowedPlatforms: [{ MaxVersion: 2147483647, MinVersion: 0, PlatformName: 'Windows.Xbox' }],
    },
    EndDate: '9998-12-30T00:00:00.0000000Z',
    ResourceSetIds: ['1'],
    StartDate: '2017-09-26T16:00:00.0000000Z',
    ...conditions,
  },
  OrderManagementData: {
    GrantedEntitlementKeys: [],
    PIFilter: { ExclusionProperties: [], InclusionProperties: [] },
    Price: { CurrencyCode: 'EUR', IsPIRequired: false, TaxType: 'TaxesNotIncluded', ...price },
  },
  SkuId: '0010',
  DisplayRank: 0,
  RemediationRequired: false,
  ...extra,
});

const product = (id: string, title: string, availabilities: object[]) => ({
  ProductId: id,
  LocalizedProperties: [{ ProductTitle: title }],
  DisplaySkuAvailabilities: [{ Sku: { SkuId: '0010', SkuType: 'full' }, Availabilities: availabilities }],
});

describe('readXboxPrices', () => {
  it('reads MSRP and ListPrice as integer cents and the discount end from Conditions.EndDate', () => {
    const answer = {
      Products: [
        product('9NBLGGH4R315', 'Forza Horizon 5', [
          availability({ ListPrice: 69.99, MSRP: 69.99 }),
          availability({ ListPrice: 34.99, MSRP: 69.99 }, { EndDate: '2026-12-15T09:59:59.9999999Z' }),
          // The Game Pass members' price needs a membership: not a price for everyone.
          availability({ ListPrice: 27.99, MSRP: 69.99 }, {}, { RemediationRequired: true }),
          // A license availability carries no price to buy.
          availability({ ListPrice: 0, MSRP: 0 }, {}, { Actions: ['License', 'Browse', 'Details'] }),
        ]),
      ],
    };
    expect(readXboxPrices(answer, now)).toEqual([
      {
        storeId: '9NBLGGH4R315',
        platform: 'xbox-series',
        url: 'https://www.xbox.com/es-ES/games/store/forza-horizon-5/9NBLGGH4R315',
        regular: 6999,
        final: 3499,
        discountPct: 50,
        lowest30d: null,
        endsAt: new Date('2026-12-15T09:59:59.999Z'),
      },
    ]);
  });

  it('gives the PC its own line and no end to a price that never ends', () => {
    const answer = {
      Products: [
        product('9PCONLY00001', 'Solo en PC', [
          availability(
            { ListPrice: 19.99, MSRP: 19.99 },
            { ClientConditions: { AllowedPlatforms: [{ PlatformName: 'Windows.Desktop' }] } },
          ),
        ]),
      ],
    };
    expect(readXboxPrices(answer, now)).toEqual([
      expect.objectContaining({ platform: 'pc', regular: 1999, final: 1999, discountPct: 0, endsAt: null }),
    ]);
  });

  it('gives no offer without a price in euros to buy now', () => {
    const only = (...availabilities: object[]) =>
      readXboxPrices({ Products: [product('9NOPRICE0001', 'Sin precio', availabilities)] }, now);
    expect(only(availability({ ListPrice: 0, MSRP: 0 }))).toEqual([]);
    expect(only(availability({ CurrencyCode: 'USD', ListPrice: 59.99, MSRP: 59.99 }))).toEqual([]);
    expect(
      only(availability({ ListPrice: 9.99, MSRP: 19.99 }, { StartDate: '2027-01-01T00:00:00Z' })),
    ).toEqual([]);
    expect(only(availability({ ListPrice: 9.99, MSRP: 19.99 }, { EndDate: '2026-12-01T00:00:00Z' }))).toEqual(
      [],
    );
    expect(only(availability({}))).toEqual([]);
    expect(
      readXboxPrices(
        {
          Products: [
            {
              ProductId: '9NOSKU000001',
              DisplaySkuAvailabilities: [
                { Sku: { SkuType: 'trial' }, Availabilities: [availability({ ListPrice: 5, MSRP: 5 })] },
              ],
            },
          ],
        },
        now,
      ),
    ).toEqual([]);
    expect(readXboxPrices({ Products: [] })).toEqual([]);
    expect(readXboxPrices(null)).toEqual([]);
  });
});

describe('XboxStore', () => {
  it('never asks more than 200 products in one call', async () => {
    const store = new XboxStore('http://127.0.0.1:9', new StoreCaller({ intervalMs: 0 }));
    await expect(
      store.prices(Array.from({ length: XBOX_BATCH + 1 }, (_, i) => `9N${String(i).padStart(10, '0')}`)),
    ).rejects.toThrow('200');
  });
});
