import { PLAYER_TIMES_MINIMUM } from '@veredicto/contract';

/** One completed status with hours: its platform as the player wrote it (or none) and its hours. */
export interface CompletedHours {
  platform: string | null;
  hours: number;
}

/** The players' figure of one platform ('' for every platform together), in hours. */
export interface PlayerTimeRow {
  platform: string;
  median: number;
  p25: number;
  p75: number;
  count: number;
}

/** The p-quantile of sorted numbers, interpolated between neighbours (PostgreSQL's percentile_cont). */
export function quantile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/** Hours with one decimal, as answers and the `length` filter have them. */
export const oneDecimal = (hours: number): number => Math.round(hours * 10) / 10;

/**
 * Median and quartiles of the hours, for every platform together ('') and for each platform named (its
 * name trimmed and in lower case, so 'PS5' and 'ps5 ' are one); medians, so one player's 100 h does not
 * move the figure (docs/CONTRACT.md §19). Every group is kept; the API shows those of PLAYER_TIMES_MINIMUM.
 */
export function playerTimes(completed: readonly CompletedHours[]): PlayerTimeRow[] {
  const groups = new Map<string, number[]>();
  const add = (platform: string, hours: number) =>
    groups.set(platform, [...(groups.get(platform) ?? []), hours]);
  for (const { platform, hours } of completed) {
    if (!(hours > 0)) continue;
    add('', hours);
    const name = platform?.trim().toLowerCase();
    if (name) add(name, hours);
  }
  return [...groups].map(([platform, hours]) => {
    const sorted = hours.sort((a, b) => a - b);
    return {
      platform,
      median: oneDecimal(quantile(sorted, 0.5)),
      p25: oneDecimal(quantile(sorted, 0.25)),
      p75: oneDecimal(quantile(sorted, 0.75)),
      count: sorted.length,
    };
  });
}

/** Whether a players' figure is shown. */
export const shownPlayerTime = (row: { count: number }): boolean => row.count >= PLAYER_TIMES_MINIMUM;
