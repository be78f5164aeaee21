import { useState } from 'react';
import { serverMessage } from '../lib/api-client';

/** What a dialog's form says after sending: an error to fix, or the confirmation. */
export interface DialogFormStatus {
  kind: 'error' | 'success';
  message: string;
}

/** The end of a form in a dialog: its status line, the send button (gone once sent) and 'Cerrar'. */
export function DialogFormFooter({
  status,
  busy,
  submitLabel,
  onClose,
}: {
  status: DialogFormStatus | null;
  busy: boolean;
  submitLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      {status ? (
        <p
          className={status.kind === 'error' ? 'form-error' : 'form-success'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.message}
        </p>
      ) : null}
      <div className="modal__actions">
        {status?.kind === 'success' ? null : (
          <button type="submit" className="button button--primary" disabled={busy}>
            {submitLabel}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </>
  );
}

/**
 * The sending of a dialog's form: `send` marks it busy, then shows the confirmation `request` answers, or the
 * server's message (`failure` when it gives none). `setStatus` shows what the form itself refuses.
 */
export function useDialogSend() {
  const [status, setStatus] = useState<DialogFormStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<string>, failure: string) => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ kind: 'success', message: await request() });
    } catch (caught) {
      setStatus({ kind: 'error', message: serverMessage(caught, failure) });
    } finally {
      setBusy(false);
    }
  };
  return { status, setStatus, busy, send };
}
