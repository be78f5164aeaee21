import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return <output aria-label="Dirección">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('navigates inside the app on a plain click and leaves a modified click to the browser', () => {
    const leftToBrowser: boolean[] = [];
    renderAt(
      '/',
      // Runs after the link's own handler; it then cancels what jsdom would do (load another document).
      <div
        onClick={(event) => {
          leftToBrowser.push(!event.defaultPrevented);
          event.preventDefault();
        }}
      >
        <Link to="/games/all?sortBy=title" className="button">
          Juegos
        </Link>
      </div>,
    );
    const link = screen.getByRole('link', { name: 'Juegos' });
    expect(link.getAttribute('href')).toBe('/games/all?sortBy=title');
    expect(link.className).toBe('button');

    // A click with Ctrl (new tab) is the browser's: the router stays where it was.
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/');

    fireEvent.click(link);
    expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/games/all?sortBy=title');
    expect(leftToBrowser).toEqual([true, false]);
  });

  it('runs its own onClick first and lets it cancel the navigation', () => {
    renderAt(
      '/',
      <Link to="/medios" onClick={(event) => event.preventDefault()}>
        Medios
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Medios' }));
    expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('/');
  });
});

describe('NavLink', () => {
  it('marks the link of the page shown and of the pages under it, and `end` only its own', () => {
    renderAt(
      '/games/PS5',
      <nav>
        <NavLink to="/" end>
          Inicio
        </NavLink>
        <NavLink to="/games/all">Todos</NavLink>
        <NavLink to="/games/ps5" className="chip">
          PS5
        </NavLink>
        <NavLink to="/games">Juegos</NavLink>
        <NavLink to="/gam">Corto</NavLink>
      </nav>,
    );
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Inicio')).toBeNull();
    expect(current('Todos')).toBeNull();
    // Case does not matter, as in React Router's NavLink.
    expect(current('PS5')).toBe('page');
    expect(screen.getByRole('link', { name: 'PS5' }).className).toBe('chip active');
    expect(current('Juegos')).toBe('page');
    expect(current('Corto')).toBeNull();
    expect(screen.getByRole('link', { name: 'Todos' }).className).toBe('');
  });

  it('marks the home link with `end` only on the home page', () => {
    renderAt(
      '/',
      <NavLink to="/" end>
        Inicio
      </NavLink>,
    );
    expect(screen.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
  });
});
