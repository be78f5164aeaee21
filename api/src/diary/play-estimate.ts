import { PACE_MINIMUM, type PlayEstimate } from '@veredicto/contract';
import { oneDecimal, quantile, type PlayerGameHours } from '@veredicto/db';

/**
 * A player's estimate for one game (docs/CONTRACT.md §19): their pace is the median, over the other games
 * they completed with hours whose main story is known, of their hours over that main story; from
 * PACE_MINIMUM such games on, the game's main story times the pace, else the plain main story (pace null).
 * For a game they are playing, what is left after the hours they logged.
 */
export function playEstimate(games: readonly PlayerGameHours[], gameId: number): PlayEstimate {
  const ratios = games
    .filter(
      (game) =>
        game.gameId !== gameId &&
        game.status === 'completed' &&
        game.hours !== null &&
        game.hours > 0 &&
        game.lengthHours !== null &&
        game.lengthHours > 0,
    )
    .map((game) => game.hours! / game.lengthHours!)
    .sort((a, b) => a - b);
  const pace = ratios.length >= PACE_MINIMUM ? Math.round(quantile(ratios, 0.5) * 100) / 100 : null;
  const target = games.find((game) => game.gameId === gameId);
  const main = target?.lengthHours ?? null;
  const hours = main === null ? null : oneDecimal(main * (pace ?? 1));
  const remaining =
    hours !== null && target?.status === 'playing'
      ? { remaining: oneDecimal(Math.max(0, hours - (target.hours ?? 0))) }
      : {};
  return { hours, pace, basedOn: ratios.length, ...remaining };
}
