import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { SessionExpiredBanner } from '../features/auth';
import { Footer } from './footer';
import { Header } from './header';
import { RouteErrorBoundary } from './route-error';
import { ScrollMemory } from './scroll-memory';

export function AppShell() {
  const { pathname } = useLocation();
  return (
    <>
      <Header />
      <SessionExpiredBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollMemory />
    </>
  );
}
