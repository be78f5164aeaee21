import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, stubProfileOutage } from '../../test/render';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';

function SessionProbe() {
  const { status, user, logout, retry } = useSession();
  return (
    <>
      <p>{`${status}:${user?.username ?? '-'}`}</p>
      <button type="button" onClick={() => void retry()}>
        Reintentar
      </button>
      <button type="button" onClick={logout}>
        Cerrar sesión
      </button>
    </>
  );
}

function renderSession() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <SessionProvider>
        <SessionProbe />
      </SessionProvider>
    </SWRConfig>,
  );
}

describe('SessionProvider', () => {
  it('is anonymous without a token and makes no call', () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderSession();
    expect(screen.getByText('anonymous:-')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the profile of a stored token', async () => {
    window.localStorage.setItem('token', 'good');
    stubFetch(() => jsonResponse({ username: 'ana', email: 'ana@example.com' }));
    renderSession();
    expect(screen.getByText('loading:-')).toBeTruthy();
    expect(await screen.findByText('authenticated:ana')).toBeTruthy();
  });

  it('drops a token the API rejects', async () => {
    window.localStorage.setItem('token', 'expired');
    stubFetch(() => jsonResponse({ statusCode: 401, message: 'Token inválido o expirado' }, 401));
    renderSession();
    expect(await screen.findByText('anonymous:-')).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
  });

  it.each([429, 403, 503])(
    'keeps the token when the profile call answers %i (only a 401 ends it)',
    async (status) => {
      window.localStorage.setItem('token', 'good');
      const fetchMock = stubFetch(() =>
        jsonResponse({ statusCode: status, message: 'Inténtalo más tarde' }, status),
      );
      renderSession();
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(await screen.findByText('unavailable:-')).toBeTruthy();
      expect(window.localStorage.getItem('token')).toBe('good');
    },
  );

  it("reads the profile again on 'Reintentar' after it was unavailable", async () => {
    const outage = stubProfileOutage();
    renderSession();
    expect(await screen.findByText('unavailable:-')).toBeTruthy();
    outage.recover();
    screen.getByRole('button', { name: 'Reintentar' }).click();
    expect(await screen.findByText('authenticated:ana')).toBeTruthy();
  });

  it('follows a login made in another tab', async () => {
    stubFetch(() => jsonResponse({ username: 'luis', email: 'luis@example.com' }));
    renderSession();
    window.localStorage.setItem('token', 'other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'other-tab' }));
    expect(await screen.findByText('authenticated:luis')).toBeTruthy();
  });

  it("'Cerrar sesión' ends the session on the server and forgets the token", async () => {
    window.localStorage.setItem('token', 'sesion-actual');
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/logout'
        ? new Response(null, { status: 204 })
        : jsonResponse({ username: 'ana', email: 'ana@example.com' }),
    );
    renderSession();
    expect(await screen.findByText('authenticated:ana')).toBeTruthy();
    screen.getByRole('button', { name: 'Cerrar sesión' }).click();
    expect(await screen.findByText('anonymous:-')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('authorization')).toBe('Bearer sesion-actual');
  });
});
