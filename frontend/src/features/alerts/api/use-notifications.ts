import type { AlertSettingsResponse, NotificationsPage } from '@veredicto/contract';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch, swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSession } from '../../auth';

/** The first page of the caller's notifications and the unread count (the bell polls it every minute). */
export function useNotifications(page = 0) {
  const { token } = useSession();
  return useSWR<NotificationsPage>(token ? apiPaths.user.notifications(page) : null, swrFetcher, {
    refreshInterval: 60_000,
  });
}

/** Marks notifications read ({ ids } or all) and refreshes every page of them and the bell. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return async (body: { ids: number[] } | { all: true }) => {
    await apiFetch<Pick<NotificationsPage, 'unread'>>(apiPaths.user.notificationsRead(), {
      method: 'POST',
      json: body,
    });
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/user/notifications'));
  };
}

export function useAlertSettings() {
  const { token } = useSession();
  return useSWR<AlertSettingsResponse>(token ? apiPaths.user.alerts() : null, swrFetcher);
}
