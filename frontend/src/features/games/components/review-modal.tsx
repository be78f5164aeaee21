import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import {
  REVIEW_MIN_LENGTH as MIN_REVIEW_LENGTH,
  REVIEW_RULE_MESSAGE as REVIEW_VALIDATION_MESSAGE,
} from '@veredicto/contract';
import { createReview } from '../../user';

type Status = { kind: 'error'; message: string; detail?: string } | null;

interface ReviewModalProps {
  game: { igdbID: number; title: string; imageCover: string | null };
  /** The user's review of the game, when there is one: the modal opens with it to edit it. */
  existing?: { review: string; rating: number | string | null; spoiler?: boolean } | null;
  onClose: () => void;
  /** Published: the API's confirmation; the caller closes the dialog and shows it. */
  onPublished: (message: string) => void;
}

export function ReviewModal({ game, existing: given, onClose, onPublished }: ReviewModalProps) {
  // As it was when the modal opened: publishing a first review does not turn the open form into an edit.
  const [existing] = useState(given);
  const [text, setText] = useState(existing?.review ?? '');
  const [rating, setRating] = useState(
    existing?.rating === null || existing?.rating === undefined ? '' : String(existing.rating),
  );
  const [spoiler, setSpoiler] = useState(existing?.spoiler ?? false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const review = text.trim();
    const score = Number(rating);
    if (review.length < MIN_REVIEW_LENGTH || !(score > 0)) {
      setStatus({ kind: 'error', message: REVIEW_VALIDATION_MESSAGE });
      return;
    }
    if (score > 100 || !Number.isInteger(score)) {
      setStatus({ kind: 'error', message: 'La puntuación debe ser un número entero entre 0 y 100.' });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const answer = await createReview({
        gameId: game.igdbID,
        review,
        rating: score,
        spoiler,
        imageCover: game.imageCover,
      });
      // The API says whether the review was new or replaced the user's earlier one.
      onPublished(typeof answer === 'string' && answer ? answer : 'Crítica agregada con éxito.');
    } catch (caught) {
      // A 4xx answer explains itself (e.g. a review of this game already exists).
      const detail =
        isApiError(caught) &&
        caught.status >= 400 &&
        caught.status < 500 &&
        !/^Error \d+$/.test(caught.message)
          ? caught.message
          : undefined;
      setStatus({ kind: 'error', message: 'Hubo un error al agregar la crítica.', detail });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={existing ? 'Edita tu crítica' : 'Escribe tu crítica'} onClose={onClose}>
      <p className="muted">{game.title}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-text`}>Tu crítica</label>
          <textarea
            id={`${id}-text`}
            rows={8}
            required
            minLength={MIN_REVIEW_LENGTH}
            maxLength={10000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-count`}
            data-autofocus
          />
          <span id={`${id}-count`} className="field__hint">
            {text.trim().length} caracteres (mínimo {MIN_REVIEW_LENGTH})
          </span>
        </div>
        <div className="field field--inline">
          <label htmlFor={`${id}-rating`}>Puntuación (0-100):</label>
          <input
            id={`${id}-rating`}
            type="number"
            min={0}
            max={100}
            step={1}
            required
            value={rating}
            onChange={(event) => setRating(event.target.value)}
          />
        </div>
        <label className="field field--checkbox">
          <input type="checkbox" checked={spoiler} onChange={(event) => setSpoiler(event.target.checked)} />
          Contiene spoilers
        </label>
        {status ? (
          <div role="alert">
            <p className="form-error">{status.message}</p>
            {status.detail ? <p className="field__hint">{status.detail}</p> : null}
          </div>
        ) : null}
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {existing ? 'Guardar los cambios' : 'Publicar'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </form>
    </Modal>
  );
}
