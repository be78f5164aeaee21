import { Modal } from './modal';

interface ConfirmDialogProps {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive or important action; focus starts on the safe choice. */
export function ConfirmDialog({
  title = 'Confirmación',
  message,
  confirmLabel = 'Sí',
  cancelLabel = 'Cancelar',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" className="modal--small">
      <p className="confirm-dialog__message">{message}</p>
      <div className="modal__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}
