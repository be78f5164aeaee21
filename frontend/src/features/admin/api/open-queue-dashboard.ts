import { apiPaths, routes } from '../../../lib/paths';
import { adminFetch } from './admin-token';

/**
 * The queue dashboard is a page the browser navigates to, which cannot send a bearer header: the API
 * first turns the admin token into an HttpOnly cookie valid only under /admin/queues.
 */
export async function openQueueDashboard(): Promise<void> {
  await adminFetch(apiPaths.admin.session(), { method: 'POST' });
  window.open(routes.queueDashboard(), '_blank', 'noopener');
}
