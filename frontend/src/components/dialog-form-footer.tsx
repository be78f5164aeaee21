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
