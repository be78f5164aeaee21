import { formatDate } from '@veredicto/contract';
import type { MembershipChanges, NewAlert, OpenMembership } from '@veredicto/db';
import { madridDay } from '../alerts/alert-fan-out.service.js';

/**
 * The alerts of one Game Pass poll (docs/CONTRACT.md §20), per catalogue game (a game may have several
 * Microsoft products, a console and a PC one): `subscription-in` when none of its products was in Game Pass
 * and one is now; `subscription-leaving` when every product of it still in is now in 'leaving soon' and was
 * not all so before. Each is keyed by the stay (membership row) that caused it, so it fires once per game,
 * kind and stay. The first poll of the service is a baseline: what was already in is no news.
 */
export function gamePassAlerts(
  changes: Pick<MembershipChanges, 'before' | 'after' | 'first'>,
  links: readonly { igdbId: number; storeId: string }[],
): NewAlert[] {
  if (changes.first) return [];
  const productsOf = new Map<number, Set<string>>();
  for (const { igdbId, storeId } of links)
    productsOf.set(igdbId, (productsOf.get(igdbId) ?? new Set()).add(storeId));
  const ofGame = (stays: OpenMembership[], products: Set<string>) =>
    stays.filter((stay) => products.has(stay.storeId));
  const allLeaving = (stays: OpenMembership[]) => stays.length > 0 && stays.every((stay) => stay.leaving);
  return [...productsOf].flatMap(([gameIgdbId, products]) => {
    const before = ofGame(changes.before, products);
    const after = ofGame(changes.after, products);
    const alerts: NewAlert[] = [];
    if (before.length === 0 && after.length > 0) {
      alerts.push({
        key: `subscription-in-${after[0]!.id}`,
        kind: 'subscription-in',
        gameIgdbId,
        platforms: [],
        text: 'Ya está en Game Pass',
      });
    }
    if (allLeaving(after) && !allLeaving(before)) {
      // The stay that went into 'leaving soon' last is the news.
      const cause = after.reduce((latest, stay) => (stay.leaving! > latest.leaving! ? stay : latest));
      alerts.push({
        key: `subscription-leaving-${cause.id}`,
        kind: 'subscription-leaving',
        gameIgdbId,
        platforms: [],
        text: `Sale pronto de Game Pass (anunciado el ${formatDate(madridDay(cause.leaving!))})`,
      });
    }
    return alerts;
  });
}
