import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter, type DialogFormStatus } from '../../../components/dialog-form-footer';
import { Modal } from '../../../components/modal';
import { serverMessage } from '../../../lib/api-client';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@veredicto/contract';
import { reportReview } from '../api/report-review';

/** 'Denunciar': the reason and an optional note, sent to the moderators' queue. */
export function ReportReviewDialog({ reviewId, onClose }: { reviewId: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<DialogFormStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const answer = await reportReview(reviewId, reason, note.trim());
      setStatus({ kind: 'success', message: answer.message });
    } catch (caught) {
      setStatus({ kind: 'error', message: serverMessage(caught, 'No se ha podido enviar la denuncia.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Denunciar la crítica" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="field">
          <legend>Motivo</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option} className="field--checkbox">
              <input
                type="radio"
                name={`${id}-reason`}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
              />
              {REPORT_REASON_LABELS[option]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>Comentario (opcional)</label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <DialogFormFooter status={status} busy={busy} submitLabel="Enviar denuncia" onClose={onClose} />
      </form>
    </Modal>
  );
}
