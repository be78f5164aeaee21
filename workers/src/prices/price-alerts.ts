import { formatEuros, PRICE_STORE_NAMES } from '@veredicto/contract';
import type { ChangedPrice, NewAlert } from '@veredicto/db';

/**
 * The alerts of one batch of changed prices (docs/CONTRACT.md §20). Each is keyed by the snapshot that
 * recorded the change, so a price fires once per game, kind and price, and again only after it changes.
 * `price-below` only where some reader's threshold is met (thresholds by game); `historic-low` when a price
 * goes under every price we saw of the game before (never on the first sight: that is no news).
 */
export function priceAlerts(changes: ChangedPrice[], thresholds: Map<number, number[]>): NewAlert[] {
  return changes.flatMap((change) => {
    const store = PRICE_STORE_NAMES[change.store];
    const base = { gameIgdbId: change.gameIgdbId, platforms: [change.platform], priceCents: change.final };
    const alerts: NewAlert[] = [];
    if ((thresholds.get(change.gameIgdbId) ?? []).some((threshold) => change.final <= threshold)) {
      const discount = change.discountPct > 0 ? ` (-${change.discountPct} %)` : '';
      alerts.push({
        ...base,
        key: `price-below-${change.snapshotId}`,
        kind: 'price-below',
        text: `Por debajo de tu precio en ${store}: ${formatEuros(change.final)}${discount}`,
      });
    }
    if (change.previousLow !== null && change.final < change.previousLow) {
      alerts.push({
        ...base,
        key: `historic-low-${change.snapshotId}`,
        kind: 'historic-low',
        text: `Mínimo histórico en ${store}: ${formatEuros(change.final)} (antes ${formatEuros(change.previousLow)})`,
      });
    }
    return alerts;
  });
}
