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
  subscriptions: { service: string; since: string; leaving: string | null }[];
}

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
  store: PriceStore;
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
