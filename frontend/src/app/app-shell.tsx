import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { Footer } from './footer';
import { Header } from './header';

export function AppShell() {
  return (
    <>
      <Header />
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
