import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { requestErrorMessage } from './use-request-status';

describe('requestErrorMessage', () => {
  it("shows the server's own message when it says why", () => {
    expect(requestErrorMessage(new ApiError(400, 'La URL debe empezar por http:// o https://'))).toBe(
      'La URL debe empezar por http:// o https://',
    );
  });

  it('falls back to the status only when the server gives no reason, and says when there is no connection', () => {
    expect(requestErrorMessage(new ApiError(502, 'Error 502'))).toBe('Error en la petición: 502');
    expect(requestErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(
      'Error en la petición: sin conexión',
    );
  });
});
