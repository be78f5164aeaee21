import { slugify } from '@veredicto/contract';
import { StoreCaller } from './store-caller.js';
import { discountPercent, eurosToCents, storeDate, type StorePrice } from './store-price.js';

/** The display catalogue takes up to 200 product ids (`bigIds`) a call. */
export const XBOX_BATCH = 200;

/** Microsoft writes "no end" as a date in the year 9998. */
const NO_END_YEAR = 9000;

interface Availability {
  Actions?: string[];
  Conditions?: {
    ClientConditions?: { AllowedPlatforms?: { PlatformName?: string }[] };
    StartDate?: string;
    EndDate?: string;
  };
  OrderManagementData?: { Price?: { CurrencyCode?: string; ListPrice?: number; MSRP?: number } };
  RemediationRequired?: boolean;
}

/** The display catalogue's answer (`GET /v7.0/products?bigIds=…&market=ES&languages=es-es`), the part read. */
interface ProductsAnswer {
  Products?: {
    ProductId?: string;
    LocalizedProperties?: { ProductTitle?: string }[];
    DisplaySkuAvailabilities?: {
      Sku?: { SkuType?: string; Properties?: { IsTrial?: boolean } };
      Availabilities?: Availability[];
    }[];
  }[];
}

/**
 * Our platform of an availability: Windows.Xbox is the console (Xbox Series X|S, which also plays the Xbox
 * One's), a Windows.Desktop-only one is the PC; none stated is the console's catalogue we asked.
 */
function platformOf(availability: Availability): string {
  const names = (availability.Conditions?.ClientConditions?.AllowedPlatforms ?? []).map((platform) =>
    platform.PlatformName?.toLowerCase(),
  );
  return names.length > 0 && !names.includes('windows.xbox') && names.includes('windows.desktop')
    ? 'pc'
    : 'xbox-series';
}

/**
 * The prices of one display catalogue answer for Spain's store: per product and platform, the cheapest
 * availability anyone can buy now (a `Purchase` action, no membership required — `RemediationRequired` marks
 * the Game Pass members' price —, within its dates, in euros, not free). `MSRP` is the regular price and
 * `ListPrice` the price asked; a discount ends at the availability's `Conditions.EndDate`. Microsoft gives no
 * 30-day low. A product with no such price (free, not sold, another currency) gives no offer.
 */
export function readXboxPrices(answer: unknown, now = new Date()): StorePrice[] {
  const products = (answer as ProductsAnswer | null)?.Products ?? [];
  return products.flatMap((product) => {
    const productId = product.ProductId;
    if (!productId || !/^[0-9A-Z]{12}$/.test(productId)) return [];
    const cheapest = new Map<string, StorePrice>();
    for (const sku of product.DisplaySkuAvailabilities ?? []) {
      if ((sku.Sku?.SkuType && sku.Sku.SkuType !== 'full') || sku.Sku?.Properties?.IsTrial) continue;
      for (const availability of sku.Availabilities ?? []) {
        const price = availability.OrderManagementData?.Price;
        const starts = storeDate(availability.Conditions?.StartDate);
        const ends = storeDate(availability.Conditions?.EndDate);
        const asked = eurosToCents(price?.ListPrice);
        if (
          !availability.Actions?.includes('Purchase') ||
          availability.RemediationRequired ||
          price?.CurrencyCode !== 'EUR' ||
          !asked ||
          (starts && starts > now) ||
          (ends && ends <= now)
        )
          continue;
        const regular = Math.max(eurosToCents(price.MSRP) ?? asked, asked);
        const discountPct = discountPercent(regular, asked);
        const platform = platformOf(availability);
        const offer: StorePrice = {
          storeId: productId,
          platform,
          url: `https://www.xbox.com/es-ES/games/store/${slugify(product.LocalizedProperties?.[0]?.ProductTitle ?? '') || 'juego'}/${productId}`,
          regular,
          final: asked,
          discountPct,
          lowest30d: null,
          endsAt: discountPct > 0 && ends && ends.getUTCFullYear() < NO_END_YEAR ? ends : null,
        };
        const known = cheapest.get(platform);
        if (!known || offer.final < known.final) cheapest.set(platform, offer);
      }
    }
    return [...cheapest.values()];
  });
}

/** Microsoft's display catalogue for Spain's store (`XBOX_CATALOG_URL`): one GET of up to 200 products. */
export class XboxStore {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: StoreCaller,
  ) {}

  async prices(productIds: readonly string[], signal?: AbortSignal): Promise<StorePrice[]> {
    if (productIds.length > XBOX_BATCH)
      throw new Error(`El catálogo admite ${XBOX_BATCH} productos por llamada`);
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/v7.0/products`);
    url.searchParams.set('bigIds', productIds.join(','));
    url.searchParams.set('market', 'ES');
    url.searchParams.set('languages', 'es-es');
    url.searchParams.set('MS-CV', 'DGU1mcuYo0WMMp+F.1');
    return readXboxPrices(await this.caller.getJson(url, signal));
  }
}
