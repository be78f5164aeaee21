import useSWR from 'swr';
import { useAuthenticatedKey } from '../../auth';
import { apiPaths } from '../../../lib/paths';
import type { OutletAgreement } from '../../../lib/types';

/** How the logged-in user's ratings agree with the outlet; no request while logged out. */
export function useOutletAgreement(slug: string) {
  return useSWR<OutletAgreement>(useAuthenticatedKey(apiPaths.outlets.agreement(slug)));
}
