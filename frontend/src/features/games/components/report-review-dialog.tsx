import { useState, type FormEvent } from 'react';
import { DialogFormFooter, useDialogSend } from '../../../components/dialog-form-footer';
import { Modal } from '../../../components/modal';
import { RadioFieldset } from '../../../components/radio-fieldset';
import { TextAreaField } from '../../../components/text-field';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@veredicto/contract';
import { reportReview } from '../api/report-review';

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

/** 'Denunciar': the reason and an optional note, sent to the moderators' queue. */
export function ReportReviewDialog({ reviewId, onClose }: { reviewId: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const { status, busy, send } = useDialogSend();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(
      async () => (await reportReview(reviewId, reason, note.trim())).message,
      'No se ha podido enviar la denuncia.',
    );
  };

  return (
    <Modal title="Denunciar la crítica" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <RadioFieldset legend="Motivo" options={REASON_OPTIONS} value={reason} onChange={setReason} />
        <TextAreaField
          label="Comentario (opcional)"
          rows={3}
          maxLength={1000}
          value={note}
          onValueChange={setNote}
        />
        <DialogFormFooter status={status} busy={busy} submitLabel="Enviar denuncia" onClose={onClose} />
      </form>
    </Modal>
  );
}
