import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { GameStatus, PlayStatus } from '../../../lib/types';

export function setGameStatus(
  igdbID: number,
  body: { status: PlayStatus; platform?: string; startedAt?: string; finishedAt?: string; hours?: number },
) {
  return apiFetch<GameStatus>(apiPaths.user.gameStatus(igdbID), { method: 'PUT', json: body });
}
