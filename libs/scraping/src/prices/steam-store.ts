import { StoreCaller } from './store-caller.js';

/** IStoreBrowseService/GetItems takes up to 100 ids a call (docs/PRICES.md). */
export const STEAM_BATCH = 100;

/** One app's price in Spain's store, in cents of euro. */
export interface SteamPrice {
  appId: string;
  url: string;
  regular: number;
  final: number;
  discountPct: number;
  /** Steam's own lowest price of the last 30 days (EU Omnibus); null when it gives none. */
  lowest30d: number | null;
  endsAt: Date | null;
}

/**
 * The part of GetItems' answer read here. Steam writes int64 fields as JSON strings ("199") and leaves
 * out unset fields; an app not sold (free, not released, not in Spain) has no best_purchase_option.
 */
interface GetItemsAnswer {
  response?: {
    store_items?: {
      id?: number;
      appid?: number;
      success?: number;
      is_free?: boolean;
      store_url_path?: string;
      best_purchase_option?: {
        final_price_in_cents?: string | number;
        original_price_in_cents?: string | number;
        discount_pct?: number;
        lowest_recent_price_in_cents?: string | number;
        active_discounts?: { discount_end_date?: number }[];
      };
    }[];
  };
}

const cents = (value: string | number | undefined): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

/** The prices of one GetItems answer; apps without a price (free, unavailable) are left out. */
export function readSteamPrices(answer: unknown): SteamPrice[] {
  const items = (answer as GetItemsAnswer | null)?.response?.store_items ?? [];
  return items.flatMap((item) => {
    const option = item.best_purchase_option;
    const appId = item.appid ?? item.id;
    const final = cents(option?.final_price_in_cents);
    if (item.success !== 1 || !appId || item.is_free || !option || final === null) return [];
    const regular = cents(option.original_price_in_cents) ?? final;
    const ends = option.active_discounts
      ?.map((discount) => discount.discount_end_date)
      .find((end): end is number => typeof end === 'number' && end > 0);
    return [
      {
        appId: String(appId),
        url: `https://store.steampowered.com/${item.store_url_path ?? `app/${appId}/`}`,
        regular,
        final,
        discountPct: option.discount_pct ?? (regular > 0 ? Math.round((1 - final / regular) * 100) : 0),
        lowest30d: cents(option.lowest_recent_price_in_cents),
        endsAt: ends ? new Date(ends * 1000) : null,
      },
    ];
  });
}

/** Steam's Web API for Spain's store: one GET of up to 100 apps, the input as `input_json`. */
export class SteamStore {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: StoreCaller,
  ) {}

  async prices(appIds: readonly string[], signal?: AbortSignal): Promise<SteamPrice[]> {
    if (appIds.length > STEAM_BATCH) throw new Error(`GetItems admite ${STEAM_BATCH} apps por llamada`);
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/IStoreBrowseService/GetItems/v1/`);
    url.searchParams.set(
      'input_json',
      JSON.stringify({
        ids: appIds.map((appid) => ({ appid: Number(appid) })),
        context: { language: 'spanish', country_code: 'ES', steam_realm: 1 },
        data_request: {},
      }),
    );
    return readSteamPrices(await this.caller.getJson(url, signal));
  }
}
