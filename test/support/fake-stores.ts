import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Steam app's price in the fake store, in cents of euro; `endsAt` in seconds since the epoch. */
export interface FakeSteamPrice {
  name: string;
  regular: number;
  final: number;
  lowest30d?: number;
  endsAt?: number;
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
 */
export class FakeStores {
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
  private readonly server = http.createServer((request, response) => this.answer(request, response));

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
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
    json(404, {});
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
