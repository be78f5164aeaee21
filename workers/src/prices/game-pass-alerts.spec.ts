import type { OpenMembership } from '@veredicto/db';
import { gamePassAlerts } from './game-pass-alerts.js';

const today = new Date();
const dayBefore = new Date(today.getTime() - 86_400_000);
const stay = (id: number, storeId: string, leaving: Date | null = null): OpenMembership => ({
  id,
  storeId,
  since: dayBefore,
  leaving,
});
/** dd-MM-yyyy of a day in Spain, as the alert writes it. */
const spanishDay = (date: Date) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(date)
    .replaceAll('/', '-');

describe('gamePassAlerts', () => {
  const links = [
    { igdbId: 1, storeId: 'CONSOLE00001' },
    { igdbId: 1, storeId: 'PCVERSION001' },
    { igdbId: 2, storeId: 'OTHERGAME002' },
  ];

  it('says a game entered once, whichever of its products came in', () => {
    const alerts = gamePassAlerts(
      { first: false, before: [], after: [stay(7, 'CONSOLE00001'), stay(8, 'PCVERSION001')] },
      links,
    );
    expect(alerts).toEqual([
      {
        key: 'subscription-in-7',
        kind: 'subscription-in',
        gameIgdbId: 1,
        platforms: [],
        text: 'Ya está en Game Pass',
      },
    ]);
  });

  it('says nothing when a second product of a game already in comes in, nor on the first poll', () => {
    expect(
      gamePassAlerts(
        {
          first: false,
          before: [stay(7, 'CONSOLE00001')],
          after: [stay(7, 'CONSOLE00001'), stay(9, 'PCVERSION001')],
        },
        links,
      ),
    ).toEqual([]);
    expect(gamePassAlerts({ first: true, before: [], after: [stay(7, 'CONSOLE00001')] }, links)).toEqual([]);
  });

  it("says a game is leaving when all its products are in 'leaving soon', with the day we saw it", () => {
    const before = [stay(7, 'CONSOLE00001'), stay(8, 'PCVERSION001', dayBefore), stay(10, 'OTHERGAME002')];
    // Only one of game 1's two products leaving: not yet.
    expect(gamePassAlerts({ first: false, before, after: before }, links)).toEqual([]);
    const after = [
      stay(7, 'CONSOLE00001', today),
      stay(8, 'PCVERSION001', dayBefore),
      stay(10, 'OTHERGAME002'),
    ];
    expect(gamePassAlerts({ first: false, before, after }, links)).toEqual([
      {
        key: 'subscription-leaving-7',
        kind: 'subscription-leaving',
        gameIgdbId: 1,
        platforms: [],
        text: `Sale pronto de Game Pass (anunciado el ${spanishDay(today)})`,
      },
    ]);
    // The next poll with the same lists: nothing new.
    expect(gamePassAlerts({ first: false, before: after, after }, links)).toEqual([]);
  });

  it('ignores products no catalogue game links to', () => {
    expect(
      gamePassAlerts({ first: false, before: [], after: [stay(3, 'UNKNOWN00003', today)] }, links),
    ).toEqual([]);
  });
});
