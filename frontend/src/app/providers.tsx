import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError, swrFetcher } from '../lib/api-client';
import { SessionProvider } from '../features/auth/session-provider';

const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  errorRetryCount: 2,
  // A 4xx answer will not change by asking again.
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <SessionProvider>{children}</SessionProvider>
    </SWRConfig>
  );
}
