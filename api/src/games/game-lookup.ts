import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { Game } from '@veredicto/db';

export const GAME_NOT_FOUND = 'Juego no encontrado';

/** The row read for the game a request names by IGDB id, or the API's 404 when no game has that id. */
export function orGameNotFound<Row>(row: Row | null | undefined): Row {
  if (row === null || row === undefined) throw new NotFoundException(GAME_NOT_FOUND);
  return row;
}

/** The internal id and player average of the game with this IGDB id, or the API's 404. */
export async function findGameOr404(
  em: EntityManager,
  igdbId: number,
): Promise<{ id: number; avUserRatings: number | null }> {
  return orGameNotFound(await em.getRepository(Game).findKey(igdbId));
}
