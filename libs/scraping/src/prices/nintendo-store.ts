import { discountPercent, eurosToCents, storeDate, type StorePrice } from './store-price.js';
import { StoreCaller } from './store-caller.js';

/** The eShop price API answers at most 50 ids a call ('Over ids limit number' beyond that). */
export const NINTENDO_BATCH = 50;

/** Rows of one page of Nintendo's European search (Solr `rows`). */
export const NINTENDO_SEARCH_ROWS = 1000;

/** A Switch game of Nintendo's European catalogue, as the matcher reads it. */
export interface NintendoTitle {
  title: string;
  /** The game's nsuids (eShop ids); a Switch game's start with 700. */
  nsuids: string[];
  /** The day of release (YYYY-MM-DD); null when the search gives none. */
  releaseDate: string | null;
}

interface PriceValue {
  amount?: string;
  currency?: string;
  raw_value?: string;
}

/** The eShop price API's answer (`GET /v1/price?country=ES&lang=es&ids=…`). */
interface PriceAnswer {
  personalized?: boolean;
  country?: string;
  prices?: {
    title_id?: number | string;
    sales_status?: string;
    regular_price?: PriceValue;
    discount_price?: PriceValue & { start_datetime?: string; end_datetime?: string };
  }[];
}

const euroCents = (price: PriceValue | undefined): number | null =>
  price?.currency === 'EUR' ? eurosToCents(price.raw_value) : null;

/**
 * The prices of one answer of the eShop price API, for Spain's store. Only titles on sale with a price in
 * euros give an offer (`not_found` ids, free titles and other currencies none); a discount counts while it
 * runs. Nintendo gives no 30-day low: `lowest30d` is null and the page says the store does not give it.
 */
export function readNintendoPrices(answer: unknown, now = new Date()): StorePrice[] {
  const prices = (answer as PriceAnswer | null)?.prices ?? [];
  return prices.flatMap((price) => {
    const nsuid = price.title_id === undefined ? '' : String(price.title_id);
    const regular = euroCents(price.regular_price);
    if (price.sales_status !== 'onsale' || !/^\d{14}$/.test(nsuid) || !regular) return [];
    const discount = price.discount_price;
    const starts = storeDate(discount?.start_datetime);
    const ends = storeDate(discount?.end_datetime);
    const discounted = euroCents(discount);
    const running =
      discounted !== null && discounted < regular && (!starts || starts <= now) && (!ends || ends > now);
    const final = running && discounted !== null ? discounted : regular;
    return [
      {
        storeId: nsuid,
        platform: 'switch',
        url: `https://ec.nintendo.com/ES/es/titles/${nsuid}`,
        regular,
        final,
        discountPct: discountPercent(regular, final),
        lowest30d: null,
        endsAt: running ? ends : null,
      },
    ];
  });
}

/** Nintendo's European search (Solr `select`), the part the matcher reads. */
interface SearchAnswer {
  response?: {
    numFound?: number;
    start?: number;
    docs?: {
      title?: string;
      nsuid_txt?: string[];
      dates_released_dts?: string[];
      system_names_txt?: string[];
    }[];
  };
}

/** One page of the European search: its Switch games with nsuids, and how many the search holds. */
export function readNintendoSearch(answer: unknown): { found: number; titles: NintendoTitle[] } {
  const response = (answer as SearchAnswer | null)?.response;
  const titles = (response?.docs ?? []).flatMap((doc) => {
    const nsuids = (doc.nsuid_txt ?? []).filter((nsuid) => /^700\d{11}$/.test(nsuid));
    const title = doc.title?.trim();
    if (!title || nsuids.length === 0) return [];
    const released = doc.dates_released_dts?.map(storeDate).find((date) => date !== null);
    return [{ title, nsuids, releaseDate: released ? released.toISOString().slice(0, 10) : null }];
  });
  return { found: typeof response?.numFound === 'number' ? response.numFound : 0, titles };
}

/**
 * Nintendo's eShop for Spain: the price API (`NINTENDO_PRICE_URL`, up to 50 nsuids a call) and the European
 * search the nsuids are matched from (`NINTENDO_SEARCH_URL`, its Switch games page by page).
 */
export class NintendoStore {
  constructor(
    private readonly priceUrl: string,
    private readonly searchUrl: string,
    private readonly caller: StoreCaller,
  ) {}

  async prices(nsuids: readonly string[], signal?: AbortSignal): Promise<StorePrice[]> {
    if (nsuids.length > NINTENDO_BATCH) throw new Error(`La eShop admite ${NINTENDO_BATCH} ids por llamada`);
    const url = new URL(`${this.priceUrl.replace(/\/+$/, '')}/v1/price`);
    url.searchParams.set('country', 'ES');
    url.searchParams.set('lang', 'es');
    url.searchParams.set('ids', nsuids.join(','));
    return readNintendoPrices(await this.caller.getJson(url, signal));
  }

  /** One page of the Switch games of the Spanish search, in a stable order. */
  async searchPage(start: number, signal?: AbortSignal): Promise<{ found: number; titles: NintendoTitle[] }> {
    const url = new URL(`${this.searchUrl.replace(/\/+$/, '')}/es/select`);
    url.searchParams.set('q', '*');
    url.searchParams.set('fq', 'type:GAME AND system_type:nintendoswitch*');
    url.searchParams.set('sort', 'sorting_title asc');
    url.searchParams.set('rows', String(NINTENDO_SEARCH_ROWS));
    url.searchParams.set('start', String(start));
    url.searchParams.set('wt', 'json');
    return readNintendoSearch(await this.caller.getJson(url, signal));
  }
}
