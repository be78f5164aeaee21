import { describe, expect, it } from 'vitest';
import { continuousWeeks, weekOf } from './player-timeline-chart';
import { unusualNote } from './score-figures';

describe('unusual rating activity on the game page', () => {
  it('says in one Spanish line how many ratings the average leaves out, and when', () => {
    expect(unusualNote([])).toBeNull();
    expect(unusualNote([{ from: '2026-11-20', to: '2026-11-21', count: 40, excluded: 0 }])).toBeNull();
    expect(
      unusualNote([
        { from: '2026-11-20', to: '2026-11-21', count: 40, excluded: 38 },
        { from: '2026-10-02', to: '2026-10-02', count: 12, excluded: 1 },
      ]),
    ).toBe(
      'La media de los jugadores deja fuera 39 puntuaciones de una actividad inusual (del 20-11-2026 al 21-11-2026 y el 02-10-2026): cuentas de menos de 7 días o que solo han puntuado este juego.',
    );
  });

  it('names weeks by their Monday and fills the weeks with no rating', () => {
    expect(weekOf('2026-11-27')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-22')).toBe('2026-11-16');
    expect(
      continuousWeeks([
        { week: '2026-11-02', count: 3, average: 70, excluded: 0 },
        { week: '2026-11-23', count: 40, average: 10, excluded: 38 },
      ]).map((week) => [week.week, week.count]),
    ).toEqual([
      ['2026-11-02', 3],
      ['2026-11-09', 0],
      ['2026-11-16', 0],
      ['2026-11-23', 40],
    ]);
  });
});
