import { useCallback, useEffect, useState } from 'react';

/** How long a confirmation stays on screen. */
const TOAST_MS = 4000;

/**
 * A confirmation that a change was saved ('Crítica publicada', 'Estado guardado'): `show(text)` puts it on
 * screen for a few seconds, read out by screen readers (role="status").
 */
export function useStatusToast() {
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  const show = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);
  const toast = (
    <p className="status-toast" role="status" data-testid="status-toast">
      {message?.text ?? ''}
    </p>
  );
  return { show, toast };
}
