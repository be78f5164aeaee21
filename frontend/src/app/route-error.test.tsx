import { fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Shell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/otra">Otra página</Link>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<p>Cargando…</p>}>{children}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** A page whose code chunk fails to load, as after a deploy that removed it. */
const MissingChunkPage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page for a chunk that cannot load, and the next page afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/rota']}>
        <Routes>
          <Route
            path="/rota"
            element={
              <Shell>
                <MissingChunkPage />
              </Shell>
            }
          />
          <Route
            path="/otra"
            element={
              <Shell>
                <h1>Página que funciona</h1>
              </Shell>
            }
          />
        </Routes>
      </MemoryRouter>,
    );

    expect(await screen.findByRole('heading', { name: 'Ha ocurrido un error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Otra página' }));
    expect(await screen.findByRole('heading', { name: 'Página que funciona' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ha ocurrido un error' })).toBeNull();
  });

  it('leaves a page that renders alone', () => {
    render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="/">
          <p>Contenido</p>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('Contenido')).toBeTruthy();
  });
});
