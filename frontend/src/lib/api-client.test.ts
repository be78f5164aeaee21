import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/render';
import { apiFetch, ApiError, errorMessageOf, serverMessage } from './api-client';

describe('apiFetch', () => {
  it('parses JSON answers and sends the stored token as a bearer header', async () => {
    window.localStorage.setItem('token', 'abc');
    const fetchMock = stubFetch(() => jsonResponse({ username: 'ana' }));
    await expect(apiFetch('/api/user/me')).resolves.toEqual({ username: 'ana' });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc');
    expect(init.method).toBe('GET');
  });

  it('sends no Authorization header without a token or when told not to', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    await apiFetch('/api/news/all');
    window.localStorage.setItem('token', 'abc');
    await apiFetch('/api/auth/login', { method: 'POST', json: {}, token: null });
    for (const call of fetchMock.mock.calls) {
      expect(new Headers((call[1] as RequestInit).headers).has('Authorization')).toBe(false);
    }
  });

  it('uses an explicit token instead of the stored one', async () => {
    window.localStorage.setItem('token', 'user-token');
    const fetchMock = stubFetch(() => jsonResponse({}));
    await apiFetch('/api/admin/feeds', { token: 'admin-token' });
    expect(new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers).get('Authorization')).toBe(
      'Bearer admin-token',
    );
  });

  it('encodes JSON and form bodies', async () => {
    const fetchMock = stubFetch(() => new Response('ok', { headers: { 'Content-Type': 'text/plain' } }));
    await expect(
      apiFetch('/api/user/rating', { method: 'POST', json: { gameId: 1, score: 80 } }),
    ).resolves.toBe('ok');
    await apiFetch('/api/games/best/7', { method: 'POST', form: { igdbId: '7', imageArt: '' } });
    const [jsonInit, formInit] = fetchMock.mock.calls.map((call) => call[1] as RequestInit);
    expect(new Headers(jsonInit.headers).get('Content-Type')).toBe('application/json');
    expect(jsonInit.body).toBe('{"gameId":1,"score":80}');
    expect(new Headers(formInit.headers).get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(formInit.body).toBe('igdbId=7&imageArt=');
  });

  it('answers null for 204 and empty bodies', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/user/Deseados/games')).resolves.toBeNull();
  });

  it('throws ApiError with the status and the JSON message', async () => {
    stubFetch(() => jsonResponse({ statusCode: 401, message: 'Token inválido o expirado' }, 401));
    const error = await apiFetch('/api/user/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Token inválido o expirado' });
  });

  it('throws ApiError with a plain-text message', async () => {
    stubFetch(
      () =>
        new Response('El email ya está registrado', {
          status: 409,
          headers: { 'Content-Type': 'text/plain' },
        }),
    );
    await expect(apiFetch('/api/auth/register', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 409,
      message: 'El email ya está registrado',
    });
  });

  it('turns a network failure into ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/news/all')).rejects.toMatchObject({ status: 0, message: 'Error de red' });
  });
});

describe('error messages', () => {
  it('reads validation message lists and falls back to the status', () => {
    expect(errorMessageOf({ message: ['a', 'b'] }, 400)).toBe('a. b');
    expect(errorMessageOf(null, 500)).toBe('Error 500');
  });

  it('prefers the server message, otherwise the fallback', () => {
    expect(serverMessage(new ApiError(400, 'Nombre en uso'), 'Error al crear la lista')).toBe(
      'Nombre en uso',
    );
    expect(serverMessage(new ApiError(500, 'Error 500'), 'Error al crear la lista')).toBe(
      'Error al crear la lista',
    );
    expect(serverMessage(new ApiError(0, 'Error de red'), 'Error al crear la lista')).toBe(
      'Error al crear la lista',
    );
    expect(serverMessage(new Error('x'), 'fallback')).toBe('fallback');
  });
});
