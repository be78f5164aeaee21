import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ScoreBadge } from '../../../components/score-badge';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { UserReview } from '../../../lib/types';
import { updateReview } from '../api/update-review';

interface ReviewReadModalProps {
  review: UserReview;
  onClose: () => void;
  onSaved: (review: UserReview) => void;
}

/** Shows one of the user's reviews; the pencil turns it into a text area with Guardar / Cancelar. */
export function ReviewReadModal({ review, onClose, onSaved }: ReviewReadModalProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(review.review);
  const [busy, setBusy] = useState(false);
  const textareaId = useId();

  const save = async () => {
    setBusy(true);
    try {
      const updated = await updateReview(review.id, draft.trim());
      onSaved(updated && typeof updated === 'object' ? updated : { ...review, review: draft.trim() });
      setEditing(false);
    } catch (caught) {
      notify(
        caught instanceof ApiError && caught.status === 0
          ? 'Error de red'
          : serverMessage(caught, 'Error al guardar los cambios'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={review.titleGame} onClose={onClose}>
      <div className="review-read__head">
        <ScoreBadge score={review.rating} label="Puntuación" size="large" />
        {!editing ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Editar crítica"
            onClick={() => {
              setDraft(review.review);
              setEditing(true);
            }}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M4 20h4L19 9l-4-4L4 16z M14 6l4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      {editing ? (
        <div className="field">
          <label htmlFor={textareaId}>Editar crítica</label>
          <textarea
            id={textareaId}
            rows={10}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            data-autofocus
          />
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={save} disabled={busy}>
              Guardar
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setEditing(false)}
              disabled={busy}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <p className="review-full">{review.review}</p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </Modal>
  );
}
