import { useCallback, useState } from 'react';
import { ApiError, serverMessage } from '../../lib/api-client';

export type RequestStatus =
  | { kind: 'idle' }
  | { kind: 'sending'; message: string }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

/** The server's own message when it says why (a 400's validation text); a status only when it does not. */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Error en la petición: sin conexión';
    return serverMessage(error, `Error en la petición: ${error.status}`);
  }
  return `Error en la petición: ${error instanceof Error ? error.message : String(error)}`;
}

/** Sending / success / error state of one admin form. */
export function useRequestStatus() {
  const [status, setStatus] = useState<RequestStatus>({ kind: 'idle' });
  const run = useCallback(
    async <T>(
      sendingMessage: string,
      request: () => Promise<T>,
      successMessage: string,
    ): Promise<T | null> => {
      setStatus({ kind: 'sending', message: sendingMessage });
      try {
        const result = await request();
        setStatus({ kind: 'success', message: successMessage });
        return result;
      } catch (error) {
        setStatus({ kind: 'error', message: requestErrorMessage(error) });
        return null;
      }
    },
    [],
  );
  return { status, setStatus, run };
}
