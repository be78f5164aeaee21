import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export function setFeaturedGame(igdbId: string, imageArt: string) {
  return adminFetch<string>(apiPaths.games.setFeatured(igdbId), {
    method: 'POST',
    form: { igdbId, imageArt },
  });
}
