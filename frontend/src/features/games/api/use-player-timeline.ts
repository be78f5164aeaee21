import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { PlayerTimelineWeek } from '../../../lib/types';

/** The game's player ratings per week, for the chart that shades windows of unusual activity. */
export function usePlayerTimeline(igdbID: number | undefined) {
  return useSWR<PlayerTimelineWeek[]>(igdbID === undefined ? null : apiPaths.games.playerTimeline(igdbID));
}
