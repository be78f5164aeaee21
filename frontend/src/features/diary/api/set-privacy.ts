import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ProfileVisibility } from '../types';

export function setPrivacy(profile: ProfileVisibility) {
  return apiFetch<{ profile: ProfileVisibility }>(apiPaths.user.privacy(), {
    method: 'PUT',
    json: { profile },
  });
}
