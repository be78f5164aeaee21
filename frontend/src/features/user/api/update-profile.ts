import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ProfileChange, UpdatedProfile } from '../../../lib/types';

export function updateProfile(changes: ProfileChange) {
  return apiFetch<UpdatedProfile | string | null>(apiPaths.user.updateProfile(), {
    method: 'PUT',
    json: changes,
  });
}
