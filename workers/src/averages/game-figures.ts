import type { EntityManager } from '@mikro-orm/postgresql';
import { GameFiguresRepository, Outlet } from '@veredicto/db';

/**
 * A game's figures recomputed from its source rows, the one path of the per-game job and of the
 * reconciliation: new outlets (scraped reviews) join the registry and changed reviews refresh their
 * outlets' medians before the game's figures read them. Null when the game no longer exists.
 */
export async function recomputeGameFigures(em: EntityManager, gameId: number) {
  const outlets = em.getRepository(Outlet);
  await outlets.registerOutletsOfGame(gameId);
  await outlets.refreshMedians(gameId);
  return new GameFiguresRepository(em).recalculateAverages(gameId);
}
