import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, stubProfileOutage } from '../../../test/render';
import { RequireAuth } from './require-auth';

function renderAccountPage() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/perfil"
        element={
          <RequireAuth>
            <p>Página de la cuenta</p>
          </RequireAuth>
        }
      />
      <Route path="/login" element={<p>Página de acceso</p>} />
    </Routes>,
    { route: '/perfil' },
  );
}

describe('RequireAuth', () => {
  it('sends a visitor without a session to the login page', async () => {
    stubFetch(() => jsonResponse({}));
    renderAccountPage();
    expect(await screen.findByText('Página de acceso')).toBeTruthy();
  });

  it('keeps a signed-in user on the page when the profile cannot be read, and retries', async () => {
    const outage = stubProfileOutage();
    renderAccountPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se han podido cargar tus datos de usuario.');
    expect(screen.queryByText('Página de acceso')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('good');
    outage.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Página de la cuenta')).toBeTruthy();
  });
});
