import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { GameStatus, GameStatusBody } from '../../../lib/types';

export function setGameStatus(igdbID: number, body: GameStatusBody) {
  return apiFetch<GameStatus>(apiPaths.user.gameStatus(igdbID), { method: 'PUT', json: body });
}
