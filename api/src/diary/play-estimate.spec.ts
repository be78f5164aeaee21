import type { PlayerGameHours } from '@veredicto/db';
import { playEstimate } from './play-estimate.js';

const completed = (gameId: number, hours: number, lengthHours: number): PlayerGameHours => ({
  gameId,
  status: 'completed',
  hours,
  lengthHours,
});

describe('playEstimate', () => {
  it('gives the pace from three completed games and the hours left of a game being played', () => {
    const games = [
      completed(1, 20, 10),
      completed(2, 30, 15),
      completed(3, 100, 20),
      { gameId: 9, status: 'playing' as const, hours: 4, lengthHours: 12 },
    ];
    expect(playEstimate(games, 9)).toEqual({ hours: 24, pace: 2, basedOn: 3, remaining: 20 });
  });

  it('says the plain figure below three games, and nothing without one', () => {
    expect(playEstimate([completed(1, 20, 10), { ...completed(9, 0, 12), status: 'want' }], 9)).toEqual({
      hours: 12,
      pace: null,
      basedOn: 1,
    });
    expect(playEstimate([], 9)).toEqual({ hours: null, pace: null, basedOn: 0 });
  });
});
