import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, stubProfileOutage } from '../test/render';
import { UserMenuPanel } from './user-menu-panel';

describe('UserMenuPanel', () => {
  it('offers login and registration to a visitor', async () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<UserMenuPanel close={() => undefined} />);
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('does not take a session whose profile failed to load for a visitor', async () => {
    const outage = stubProfileOutage();
    renderWithProviders(<UserMenuPanel close={() => undefined} />);
    expect(await screen.findByText('No se han podido cargar tus datos.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    outage.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Hola, ana')).toBeTruthy();
  });

  it("lets the user end a session whose profile failed to load ('Cerrar sesión')", async () => {
    stubProfileOutage();
    renderWithProviders(<UserMenuPanel close={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});
