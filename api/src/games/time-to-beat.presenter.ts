import type { TimeToBeat } from '@veredicto/contract';
import type { TimeToBeatRows } from '@veredicto/db';

/**
 * 'Cuánto dura' as the game page's answer carries it (docs/CONTRACT.md §19): IGDB's three figures when it has
 * one, otherwise our players' median of every platform as the main story; the players' figures of each
 * platform either way. Null when neither has a figure (the page says 'Sin datos todavía').
 */
export function presentTimeToBeat({ igdb, players }: TimeToBeatRows): TimeToBeat | null {
  const platforms = players.filter((row) => row.platform !== '');
  const all = players.find((row) => row.platform === '');
  if (igdb && (igdb.main ?? igdb.mainExtra ?? igdb.completionist) !== null)
    return { ...igdb, source: 'igdb', platforms };
  if (!all) return null;
  return {
    main: all.median,
    mainExtra: null,
    completionist: null,
    source: 'players',
    count: all.count,
    platforms,
  };
}
