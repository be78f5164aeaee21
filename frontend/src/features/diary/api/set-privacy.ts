import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { PrivacySetting, ProfileVisibility } from '../../../lib/types';

export function setPrivacy(profile: ProfileVisibility) {
  return apiFetch<PrivacySetting>(apiPaths.user.privacy(), {
    method: 'PUT',
    json: { profile } satisfies PrivacySetting,
  });
}
