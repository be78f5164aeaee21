import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { CurrentUser } from '../../../lib/types';

/** `pendingEmail` and `message` when the new address waits for the link mailed to it. */
export type UpdatedProfile = CurrentUser & { token?: string; pendingEmail?: string; message?: string };

export function updateProfile(changes: { newUsername: string; newEmail: string }) {
  return apiFetch<UpdatedProfile | string | null>(apiPaths.user.updateProfile(), {
    method: 'PUT',
    json: changes,
  });
}
