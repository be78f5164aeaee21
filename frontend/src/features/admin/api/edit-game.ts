import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export interface GameFactsEdit {
  releaseDate?: string;
  releaseDatePrecision?: 'day' | 'month' | 'quarter' | 'year';
  platforms?: string[];
}

export interface EditedGame {
  igdbID: number;
  releaseDate: string | null;
  releaseDatePrecision: string | null;
  platforms: string[];
  changeId: number | null;
}

export function editGame(igdbId: string, edit: GameFactsEdit) {
  return adminFetch<EditedGame>(apiPaths.admin.game(igdbId), { method: 'PATCH', json: edit });
}
