import { badgeLabels } from '../../../lib/badges';
import type { BadgeTier } from '../../../lib/types';

const COLOURS: Record<BadgeTier, { fill: string; ribbon: string }> = {
  bronze: { fill: '#c4803f', ribbon: '#8a5325' },
  silver: { fill: '#c9d1db', ribbon: '#7f8a97' },
  gold: { fill: '#f2c230', ribbon: '#b48a0c' },
};

/** The reviewer's medal: bronze, silver or gold by number of reviews written. */
export function UserBadge({ tier }: { tier: BadgeTier | null }) {
  if (!tier) return null;
  const colours = COLOURS[tier];
  return (
    <svg
      className={`user-badge user-badge--${tier}`}
      viewBox="0 0 32 32"
      width="32"
      height="32"
      role="img"
      aria-label={badgeLabels[tier]}
    >
      <title>{badgeLabels[tier]}</title>
      <path d="M9 2h6l3 9h-6zM23 2h-6l-3 9h6z" fill={colours.ribbon} />
      <circle cx="16" cy="20" r="10" fill={colours.fill} />
      <path
        d="M16 14.5l1.7 3.5 3.8.5-2.8 2.6.7 3.8-3.4-1.8-3.4 1.8.7-3.8-2.8-2.6 3.8-.5z"
        fill="rgba(0,0,0,0.28)"
      />
    </svg>
  );
}
