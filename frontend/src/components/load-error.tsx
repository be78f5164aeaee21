import { useState } from 'react';
import { ApiError } from '../lib/api-client';

interface LoadErrorProps {
  /** What failed, as a whole Spanish sentence ('No se ha podido cargar el catálogo.'). */
  message: string;
  /** Asks again; the button shows 'Reintentando...' until it settles. */
  onRetry: () => unknown;
  /** The failure itself: a request the API refused as invalid (400) shows the API's reason instead. */
  error?: unknown;
}

/**
 * A read that failed says so, and what failed, instead of an empty or 'not found' state: a network error or
 * a server error is not an answer about the content.
 */
export function LoadError({ message, onRetry, error }: LoadErrorProps) {
  const [retrying, setRetrying] = useState(false);
  if (error instanceof ApiError && error.status === 400) {
    // Asking again cannot help, and the connection is not to blame: the API says what to change.
    return (
      <div className="load-error" role="alert">
        <p className="load-error__message">{message}</p>
        <p className="load-error__reason">{error.message}</p>
      </div>
    );
  }
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className="load-error" role="alert">
      <p className="load-error__message">{message}</p>
      <p className="muted">Comprueba tu conexión e inténtalo de nuevo.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void retry()}
        disabled={retrying}
      >
        {retrying ? 'Reintentando...' : 'Reintentar'}
      </button>
    </div>
  );
}
