import { apiPaths } from '../../../lib/paths';
import type { EditedGame, GameFactsEdit } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function editGame(igdbId: string, edit: GameFactsEdit) {
  return adminFetch<EditedGame>(apiPaths.admin.game(igdbId), { method: 'PATCH', json: edit });
}
