import http from 'node:http';
import { LocalFakeServer } from './local-fake-server.js';

/** A Steam app's price in the fake store, in cents of euro; `endsAt` in seconds since the epoch. */
export interface FakeSteamPrice {
  name: string;
  regular: number;
  final: number;
  lowest30d?: number;
  endsAt?: number;
}

/**
 * A title's price in the fake eShop, in cents of euro; a discount with its end (ISO) and, optionally, its
 * start. `final` absent or equal to `regular` is no discount.
 */
export interface FakeNintendoPrice {
  regular: number;
  final?: number;
  startsAt?: string;
  endsAt?: string;
}

/** A Switch game in the fake European search: its title, nsuid and day of release (YYYY-MM-DD). */
export interface FakeNintendoTitle {
  title: string;
  nsuid: string;
  releaseDate: string;
}

/** A product's price in the fake Microsoft Store, in cents of euro; a discount ends at `endsAt` (ISO). */
export interface FakeXboxPrice {
  title: string;
  regular: number;
  final?: number;
  endsAt?: string;
  /** The platforms the purchase allows (default the console, 'Windows.Xbox'). */
  platforms?: string[];
}

/** A Steam app's reviews in one language in the fake store. */
export interface FakeReviewCounts {
  positive: number;
  negative: number;
}

/**
 * The stores' APIs on 127.0.0.1, answering in their real shapes so no test, bench or browser run calls a
 * real store (docs/CONTRACT.md §20).
 *
 * Steam `GET /IStoreBrowseService/GetItems/v1/?input_json=…`: the answer's shape follows the recorded
 * answer of the public client library steamy-py, tests/fixtures/store_get_items.json
 * (github.com/AuthFailed/steamy-py, commit ea7260f8): `response.store_items[]` with `item_type`, `id`,
 * `success`, `visible`, `name`, `store_url_path`, `appid`, and `best_purchase_option` whose int64 fields
 * (`final_price_in_cents`, `original_price_in_cents`, `lowest_recent_price_in_cents`, `discount_amount`)
 * are JSON strings, `discount_pct` a number and `active_discounts[].discount_end_date` seconds. Apps the
 * store does not know come back with `success` other than 1 (as Steam does), and more than 100 ids a call
 * is refused with a 400.
 *
 * Steam's store `GET /appreviews/{appid}?json=1&language=…&purchase_type=all&num_per_page=0`: the shape of
 * steamy-py's recorded answer, tests/fixtures/store_get_app_reviews.json (github.com/AuthFailed/steamy-py,
 * commit e6b6121d): `success` 1, `query_summary` with `num_reviews`, `review_score`, `review_score_desc`,
 * `total_positive`, `total_negative`, `total_reviews`, then `reviews` (none with `num_per_page=0`) and `cursor`.
 * The summary counts only the reviews in the language asked for; none in it gives zeros, as Steam does.
 *
 * Nintendo's eShop price API `GET /v1/price?country=ES&lang=es&ids=…`: the shape of the public client library
 * nintendeals' recorded answer, tests/test_api/test_prices.py (github.com/fedecalendino/nintendeals, commit
 * a32f186f): `{ personalized, country, prices: [{ title_id, sales_status, regular_price: { amount, currency,
 * raw_value }, discount_price?: { amount, currency, raw_value, start_datetime, end_datetime } }] }`, the raw
 * values as strings of euros, an unknown id as `{ title_id, sales_status: 'not_found' }`. More than 50 ids are
 * refused: dev-chin/eshopScrapper's validNSUIDs.py (commit 8ef61226) records that the API then answers
 * 'Over ids limit number'; the refusal's status and body are not recorded publicly, so the fake answers a 400
 * with that message.
 *
 * Nintendo's European search `GET /es/select?q=*&fq=…&rows=…&start=…&wt=json`: Solr's answer with
 * `response: { numFound, start, docs }`, each doc in the fields of nintendo-switch-eshop's GameEU
 * (github.com/lmmfranco/nintendo-switch-eshop, src/lib/utils/interfaces.ts, commit a1ba0c84: `title`,
 * `nsuid_txt[]`, `system_names_txt[]`, `system_type[]`, `type`, `url`, `fs_id`…) with `dates_released_dts[]`
 * as nintendeals read it (nintendeals/noe/listing.py, commit bf3abb0f).
 *
 * Microsoft's display catalogue `GET /v7.0/products?bigIds=…&market=ES&languages=es-es`: the shape of the
 * public client library xbox-webapi-python's recorded answer, tests/data/responses/catalog_browse_details.json
 * (github.com/OpenXbox/xbox-webapi-python, commit 551072d6): `Products[]` with `ProductId`,
 * `LocalizedProperties[].ProductTitle` and `DisplaySkuAvailabilities[]` of `Sku` (`SkuId`, `SkuType`) and
 * `Availabilities[]` (`Actions`, `Conditions` with `ClientConditions.AllowedPlatforms`, `StartDate`, `EndDate`
 * — '9998-12-30T00:00:00.0000000Z' when it never ends —, `OrderManagementData.Price` with `ListPrice`, `MSRP`
 * and `CurrencyCode` in units of the currency, `RemediationRequired`). Unknown ids are left out; more than 200
 * ids a call are refused with a 400.
 */
export class FakeStores extends LocalFakeServer {
  readonly steam = new Map<string, FakeSteamPrice>();
  /** Every GetItems call: the app ids and the country asked for. */
  readonly steamCalls: { appIds: number[]; country: string | undefined }[] = [];
  /** Reviews per app id and Steam review language ('spanish', 'latam'). */
  readonly steamReviews = new Map<string, Partial<Record<string, FakeReviewCounts>>>();
  /** Every review summary asked for: the app, the language, the purchase type and the page size. */
  readonly steamReviewCalls: {
    appId: string;
    language: string | null;
    purchaseType: string | null;
    perPage: string | null;
  }[] = [];
  /** Nintendo's prices by nsuid, and every price call: the ids, country and language asked for. */
  readonly nintendo = new Map<string, FakeNintendoPrice>();
  readonly nintendoCalls: { ids: string[]; country: string | null; lang: string | null }[] = [];
  /** The European search's Switch games, and every page asked for (its query, filter, rows and start). */
  readonly nintendoCatalogue: FakeNintendoTitle[] = [];
  readonly nintendoSearchCalls: { path: string; fq: string | null; rows: number; start: number }[] = [];
  /** The Microsoft Store's products by id, and every catalogue call: the ids, market and languages. */
  readonly xbox = new Map<string, FakeXboxPrice>();
  readonly xboxCalls: { ids: string[]; market: string | null; languages: string | null }[] = [];

  protected answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/IStoreBrowseService/GetItems/v1/') {
      let input: { ids?: { appid?: number }[]; context?: { country_code?: string } };
      try {
        input = JSON.parse(url.searchParams.get('input_json') ?? '');
      } catch {
        return json(400, {});
      }
      const appIds = (input.ids ?? []).map((id) => Number(id.appid));
      this.steamCalls.push({ appIds, country: input.context?.country_code });
      if (appIds.length > 100) return json(400, {});
      return json(200, { response: { store_items: appIds.map((appId) => this.steamItem(appId)) } });
    }
    const reviews = /^\/appreviews\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && reviews && url.searchParams.get('json') === '1') {
      const language = url.searchParams.get('language');
      this.steamReviewCalls.push({
        appId: reviews[1],
        language,
        purchaseType: url.searchParams.get('purchase_type'),
        perPage: url.searchParams.get('num_per_page'),
      });
      const counts = this.steamReviews.get(reviews[1])?.[language ?? 'all'] ?? { positive: 0, negative: 0 };
      return json(200, steamReviewSummary(counts));
    }
    if (request.method === 'GET' && url.pathname === '/v1/price') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      this.nintendoCalls.push({
        ids,
        country: url.searchParams.get('country'),
        lang: url.searchParams.get('lang'),
      });
      if (ids.length > 50) return json(400, { error: { code: '400', message: 'Over ids limit number' } });
      return json(200, {
        personalized: false,
        country: url.searchParams.get('country'),
        prices: ids.map((id) => this.nintendoPrice(id)),
      });
    }
    if (request.method === 'GET' && /^\/[a-z]{2}\/select$/.test(url.pathname)) {
      const rows = Number(url.searchParams.get('rows') ?? 10);
      const start = Number(url.searchParams.get('start') ?? 0);
      this.nintendoSearchCalls.push({ path: url.pathname, fq: url.searchParams.get('fq'), rows, start });
      return json(200, {
        responseHeader: { status: 0, QTime: 1, params: Object.fromEntries(url.searchParams) },
        response: {
          numFound: this.nintendoCatalogue.length,
          start,
          docs: this.nintendoCatalogue
            .slice(start, start + rows)
            .map((title, index) => nintendoDoc(title, index)),
        },
      });
    }
    if (request.method === 'GET' && url.pathname === '/v7.0/products') {
      const ids = (url.searchParams.get('bigIds') ?? '').split(',').filter(Boolean);
      this.xboxCalls.push({
        ids,
        market: url.searchParams.get('market'),
        languages: url.searchParams.get('languages'),
      });
      if (ids.length > 200) return json(400, {});
      return json(200, {
        Products: ids.flatMap((id) => {
          const price = this.xbox.get(id);
          return price ? [xboxProduct(id, price)] : [];
        }),
      });
    }
    json(404, {});
  }

  private nintendoPrice(id: string) {
    const price = this.nintendo.get(id);
    if (!price) return { title_id: Number(id), sales_status: 'not_found' };
    const euros = (cents: number) => ({
      amount: `${(cents / 100).toFixed(2).replace('.', ',')} €`,
      currency: 'EUR',
      raw_value: (cents / 100).toFixed(2),
    });
    return {
      title_id: Number(id),
      sales_status: 'onsale',
      regular_price: euros(price.regular),
      ...(price.final !== undefined && price.final < price.regular
        ? {
            discount_price: {
              ...euros(price.final),
              start_datetime:
                price.startsAt ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 19) + 'Z',
              end_datetime: price.endsAt,
            },
          }
        : {}),
    };
  }

  private steamItem(appId: number) {
    const price = this.steam.get(String(appId));
    if (!price) return { item_type: 0, id: appId, success: 2 };
    const discountPct = Math.round((1 - price.final / price.regular) * 100);
    const slug = price.name.replace(/[^A-Za-z0-9]+/g, '_');
    return {
      item_type: 0,
      id: appId,
      success: 1,
      visible: true,
      name: price.name,
      store_url_path: `app/${appId}/${slug}/`,
      appid: appId,
      type: 0,
      best_purchase_option: {
        packageid: appId * 10,
        purchase_option_name: `Comprar ${price.name}`,
        final_price_in_cents: String(price.final),
        original_price_in_cents: String(price.regular),
        formatted_final_price: `${(price.final / 100).toFixed(2).replace('.', ',')}€`,
        formatted_original_price: `${(price.regular / 100).toFixed(2).replace('.', ',')}€`,
        discount_pct: discountPct,
        ...(discountPct > 0
          ? {
              active_discounts: [
                {
                  discount_amount: String(price.regular - price.final),
                  discount_description: '¡OFERTA ESPECIAL!',
                  discount_end_date: price.endsAt ?? 0,
                },
              ],
            }
          : {}),
        user_can_purchase_as_gift: true,
        included_game_count: 1,
        ...(price.lowest30d !== undefined ? { lowest_recent_price_in_cents: String(price.lowest30d) } : {}),
      },
    };
  }
}

/** One Switch game as the European search's Solr index holds it. */
function nintendoDoc(title: FakeNintendoTitle, index: number) {
  const slug = title.title.replace(/[^A-Za-z0-9]+/g, '-');
  return {
    fs_id: String(1_000_000 + index),
    type: 'GAME',
    title: title.title,
    sorting_title: title.title.toUpperCase(),
    url: `/es/Juegos/Programas-descargables-Nintendo-Switch/${slug}-${1_000_000 + index}.html`,
    pretty_date_s: title.releaseDate.split('-').reverse().join('/'),
    dates_released_dts: [`${title.releaseDate}T00:00:00Z`],
    nsuid_txt: [title.nsuid],
    system_names_txt: ['Nintendo Switch'],
    system_type: ['nintendoswitch_downloadsoftware'],
    playable_on_txt: ['HAC'],
    price_regular_f: 0,
  };
}

/** One product as the display catalogue answers it: a purchase availability and a licence one. */
function xboxProduct(id: string, price: FakeXboxPrice) {
  const final = price.final ?? price.regular;
  const conditions = (endsAt?: string) => ({
    ClientConditions: {
      AllowedPlatforms: (price.platforms ?? ['Windows.Xbox']).map((name) => ({
        MaxVersion: 2147483647,
        MinVersion: 0,
        PlatformName: name,
      })),
    },
    EndDate: endsAt ?? '9998-12-30T00:00:00.0000000Z',
    ResourceSetIds: ['1'],
    StartDate: '2020-11-10T08:00:00.0000000Z',
  });
  const priceOf = (list: number, msrp: number) => ({
    CurrencyCode: 'EUR',
    IsPIRequired: false,
    ListPrice: list / 100,
    MSRP: msrp / 100,
    TaxType: 'TaxesNotIncluded',
    WholesaleCurrencyCode: 'EUR',
  });
  return {
    LastModifiedDate: '2026-11-30T10:00:00.0000000Z',
    LocalizedProperties: [
      {
        DeveloperName: '',
        PublisherName: 'Fake Studios',
        ProductTitle: price.title,
        ShortTitle: price.title,
        Language: 'es-es',
      },
    ],
    ProductASchema: 'Product;3',
    ProductBSchema: 'ProductGame;3',
    ProductId: id,
    ProductType: 'Game',
    ProductFamily: 'Games',
    ProductKind: 'Game',
    DisplaySkuAvailabilities: [
      {
        Sku: { ProductId: id, SkuASchema: 'Sku;3', SkuBSchema: 'SkuGame;1', SkuId: '0010', SkuType: 'full' },
        Availabilities: [
          {
            Actions: ['Details', 'Fulfill', 'Purchase', 'Browse', 'Curate', 'Redeem'],
            AvailabilityASchema: 'Availability;3',
            AvailabilityBSchema: 'AvailabilityGame;1',
            AvailabilityId: `${id.slice(0, 6)}AV0001`,
            Conditions: conditions(final < price.regular ? price.endsAt : undefined),
            LastModifiedDate: '2026-11-30T10:00:00.0000000Z',
            Markets: ['ES'],
            OrderManagementData: {
              GrantedEntitlementKeys: [],
              PIFilter: { ExclusionProperties: [], InclusionProperties: [] },
              Price: priceOf(final, price.regular),
            },
            Properties: { OriginalReleaseDate: '2020-11-10T00:00:00.0000000Z' },
            SkuId: '0010',
            DisplayRank: 0,
            RemediationRequired: false,
          },
          {
            Actions: ['License', 'Browse', 'Details'],
            AvailabilityASchema: 'Availability;3',
            AvailabilityBSchema: 'AvailabilityGame;1',
            AvailabilityId: `${id.slice(0, 6)}AV0002`,
            Conditions: conditions(),
            LastModifiedDate: '2026-11-30T10:00:00.0000000Z',
            Markets: ['ES'],
            OrderManagementData: {
              GrantedEntitlementKeys: [],
              Price: { ...priceOf(0, 0), TaxType: '', WholesaleCurrencyCode: '' },
            },
            Properties: {},
            SkuId: '0010',
            DisplayRank: 1,
            RemediationRequired: false,
          },
        ],
      },
    ],
  };
}

/** Steam's words for a share of positive reviews (its review_score_desc, enough for a fake). */
function steamReviewSummary({ positive, negative }: FakeReviewCounts) {
  const total = positive + negative;
  const share = total > 0 ? positive / total : 0;
  const [score, desc] =
    total === 0
      ? [0, 'No user reviews']
      : share >= 0.8
        ? [8, 'Very Positive']
        : share >= 0.7
          ? [6, 'Mostly Positive']
          : share >= 0.4
            ? [5, 'Mixed']
            : [3, 'Negative'];
  return {
    success: 1,
    query_summary: {
      num_reviews: 0,
      review_score: score,
      review_score_desc: desc,
      total_positive: positive,
      total_negative: negative,
      total_reviews: total,
    },
    reviews: [],
    cursor: '*',
  };
}
