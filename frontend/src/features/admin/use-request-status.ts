import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';

export type RequestStatus =
  | { kind: 'idle' }
  | { kind: 'sending'; message: string }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

export function requestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `Error en la petición: ${error.status || 'sin conexión'}`;
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
