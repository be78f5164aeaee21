/** One product's price in a store for Spain, in cents of euro, as the poll stores it (docs/CONTRACT.md §20). */
export interface StorePrice {
  /** The store's id of the product (a Nintendo nsuid, a Microsoft Store product id). */
  storeId: string;
  /** A platform id of libs/contract platforms.ts. */
  platform: string;
  url: string;
  regular: number;
  final: number;
  discountPct: number;
  /** The store's own 30-day low (EU Omnibus); null when it gives none. */
  lowest30d: number | null;
  endsAt: Date | null;
}

/**
 * Euros as the stores write them (Nintendo's "19.99", Microsoft's 19.99) to integer cents: 19.99 * 100 is
 * 1998.9999999999998 in floating point, so the product is rounded. Null for anything that is not a price.
 */
export function eurosToCents(value: unknown): number | null {
  const euros = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof euros !== 'number' || !Number.isFinite(euros) || euros < 0) return null;
  const cents = Math.round(euros * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The discount in whole percent of the regular price, as the stores show it. */
export const discountPercent = (regular: number, final: number): number =>
  regular > 0 && final < regular ? Math.round((1 - final / regular) * 100) : 0;

/** A date the store wrote, or null when absent or not a date. */
export function storeDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
