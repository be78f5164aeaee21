import { useSyncExternalStore } from 'react';
import { apiFetch, isApiError, type ApiFetchOptions } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const ADMIN_TOKEN_KEY = 'adminToken';
const listeners = new Set<() => void>();

export function getAdminToken(): string | null {
  try {
    return window.sessionStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string | null): void {
  if (token) window.sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
  else window.sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}

/** Every admin call carries the admin token; a rejected token sends the operator back to the password prompt. */
export async function adminFetch<T>(path: string, options: Omit<ApiFetchOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, { ...options, token: getAdminToken() });
  } catch (error) {
    if (isApiError(error, 401)) setAdminToken(null);
    throw error;
  }
}

/** 'Salir de administración': the admin token is ended on the server, then forgotten here. */
export async function adminLogout(): Promise<void> {
  const token = getAdminToken();
  setAdminToken(null);
  if (token) await apiFetch(apiPaths.admin.logout(), { method: 'POST', token }).catch(() => undefined);
}
