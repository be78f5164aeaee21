import type { BadgeTier } from './types';

/** Badge by number of reviews written: 1-20 bronze, 21-50 silver, more than 50 gold. */
export function badgeTier(reviewCount: number | null | undefined): BadgeTier | null {
  if (!reviewCount || reviewCount < 1) return null;
  if (reviewCount > 50) return 'gold';
  if (reviewCount > 20) return 'silver';
  return 'bronze';
}

export const badgeLabels: Record<BadgeTier, string> = {
  bronze: 'Crítico de bronce',
  silver: 'Crítico de plata',
  gold: 'Crítico de oro',
};
