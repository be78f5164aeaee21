import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { SessionExpiredBanner } from '../features/auth';
import { Footer } from './footer';
import { Header } from './header';

export function AppShell() {
  return (
    <>
      <Header />
      <SessionExpiredBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
