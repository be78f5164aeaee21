import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { SessionProvider } from '../features/auth/session-provider';
import { swrFetcher } from '../lib/api-client';

/** Renders with a fresh SWR cache, the session and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        dedupingInterval: 0,
        fetcher: swrFetcher,
        shouldRetryOnError: false,
      }}
    >
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </SessionProvider>
    </SWRConfig>,
  );
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with a function of the requested URL. */
export function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * A stored session whose profile call (/api/user/me) answers 503 until `recover()`; logout answers 204.
 * Returns the fetch mock too.
 */
export function stubProfileOutage(username = 'ana') {
  window.localStorage.setItem('token', 'good');
  let down = true;
  const fetchMock = stubFetch((url) =>
    url === '/api/auth/logout'
      ? new Response(null, { status: 204 })
      : down
        ? jsonResponse({ statusCode: 503, message: 'Servicio no disponible' }, 503)
        : jsonResponse({ username, email: `${username}@example.com` }),
  );
  return {
    fetchMock,
    recover: () => {
      down = false;
    },
  };
}
