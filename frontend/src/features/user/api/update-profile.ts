import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { CurrentUser } from '../../../lib/types';

export type UpdatedProfile = CurrentUser & { token?: string };

export function updateProfile(changes: { newUsername: string; newEmail: string }) {
  return apiFetch<UpdatedProfile | string | null>(apiPaths.user.updateProfile(), {
    method: 'PUT',
    json: changes,
  });
}
