import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { LoginForm } from './login-form';

const fill = () => {
  fireEvent.change(screen.getByLabelText('Usuario'), { target: { value: ' Lucia ' } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'una-clave-larga' } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
};

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a new confirmation link when the account is not confirmed, and sends it', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/login')
        ? jsonResponse(
            { statusCode: 403, message: 'Debes confirmar tu correo electrónico antes de iniciar sesión.' },
            403,
          )
        : jsonResponse({
            message: 'Te hemos enviado un nuevo enlace de confirmación a tu correo electrónico.',
          }),
    );
    renderWithProviders(<LoginForm onLoggedIn={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de confirmación' })).toBeNull();
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Debes confirmar tu correo electrónico antes de iniciar sesión.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar el enlace de confirmación' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Te hemos enviado un nuevo enlace de confirmación a tu correo electrónico.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de confirmación' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/auth/resend-confirmation');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'Lucia', password: 'una-clave-larga' });
  });

  it('does not offer it for wrong credentials', async () => {
    stubFetch(() => jsonResponse({ statusCode: 401, message: 'Credenciales inválidas' }, 401));
    renderWithProviders(<LoginForm onLoggedIn={() => undefined} />);
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Credenciales inválidas');
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de confirmación' })).toBeNull();
  });
});
