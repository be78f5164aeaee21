/**
 * Prices per store (docs/CONTRACT.md §20): the stores polled, the game page's answer and the admin's status.
 * Money is integer cents of euro throughout; dates are ISO 8601 strings on the wire.
 */
export const PRICE_STORES = ['steam', 'nintendo', 'xbox'] as const;
export type PriceStore = (typeof PRICE_STORES)[number];

/** The store's name as the page writes it ('Fuente: Steam'). */
export const PRICE_STORE_NAMES: Record<PriceStore, string> = {
  steam: 'Steam',
  nintendo: 'Nintendo eShop',
  xbox: 'Microsoft Store',
};

export interface PriceOfferBody {
  store: PriceStore;
  /** A platform id of platforms.ts ('pc'). */
  platform: string;
  url: string;
  regular: number;
  final: number;
  discountPct: number;
  /** The store's own lowest price of the 30 days before the discount (EU Omnibus rule); null: not given. */
  lowest30d: number | null;
  /** When the discount ends; null without one or when the store does not say. */
  endsAt: string | null;
  /** When we last read this price from the store. */
  asOf: string;
}

export interface GamePricesBody {
  offers: PriceOfferBody[];
  /** The lowest final price in our own snapshots, any store. */
  historicLow: { final: number; store: PriceStore; at: string } | null;
  /**
   * The subscriptions that include the game now ('Game Pass'): `since` the day (yyyy-MM-dd, Spain) of the
   * first poll that saw it, `leaving` the day we first saw it in the service's 'leaving soon' list, or null.
   */
  subscriptions: { service: string; since: string; leaving: string | null }[];
}

/**
 * Subscription services whose lists the price poll reads (docs/CONTRACT.md §20), apart from the stores that
 * sell: they give memberships, not prices, and have their own line in the admin's status.
 */
export const SUBSCRIPTION_SERVICES = ['gamepass'] as const;
export type SubscriptionService = (typeof SUBSCRIPTION_SERVICES)[number];

/** The service's name as the page and the alerts write it ('Incluido en Game Pass'). */
export const SUBSCRIPTION_SERVICE_NAMES: Record<SubscriptionService, string> = { gamepass: 'Game Pass' };

/** What a run of the price poll is about: a store or a subscription service. */
export type PriceRunSource = PriceStore | SubscriptionService;

/** A run's source as the admin's status writes it ('Steam', 'Game Pass'). */
export const PRICE_RUN_SOURCE_NAMES: Record<PriceRunSource, string> = {
  ...PRICE_STORE_NAMES,
  ...SUBSCRIPTION_SERVICE_NAMES,
};

/** One point of a store's history: every change we saw. */
export interface PriceHistoryPointBody {
  store: PriceStore;
  platform: string;
  regular: number;
  final: number;
  discountPct: number;
  at: string;
}

export interface PriceRunStatusBody {
  store: PriceRunSource;
  startedAt: string;
  finishedAt: string | null;
  games: number;
  changed: number;
  failed: number;
}

/** '19,99 €': Spain's way, with the euro sign after a non-breaking space as Intl writes it. */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * 'En Steam, en español' (docs/CONTRACT.md §20): the Steam reviews written in Spanish, Spain's `spanish` and
 * Latin America's `latam` added up. `label` is '92 % positivas (3.412)'.
 */
export interface SteamSpanishBody {
  positive: number;
  total: number;
  label: string;
}

/** es-ES groups thousands only from five digits unless told to; '3.412' is how the page writes it. */
const reviewCount = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

/** '75 % positivas (200)': the rounded share of positive reviews and their number, written the Spanish way. */
export function steamSpanishLabel(positive: number, total: number): string {
  return `${Math.round((positive / total) * 100)} % positivas (${reviewCount.format(total)})`;
}
