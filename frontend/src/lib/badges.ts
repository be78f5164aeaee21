/** Badge tiers and their labels live in the contract shared with the back end (libs/contract). */
export { BADGE_LABELS as badgeLabels, badgeTier } from '@veredicto/contract';
