import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { ScoreBadge } from '../../../components/score-badge';
import { serverMessage } from '../../../lib/api-client';
import { submitRating } from '../../user';

export const DEFAULT_RATING = 5;

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0);

interface RatingModalProps {
  game: { igdbID: number; title: string };
  /** The user's own score: the popup opens on it. */
  initialScore?: number;
  onClose: () => void;
  /** The game's player figures as the rating's answer gives them (the stored ones follow with the worker). */
  onRated: (figures: { avUserRatings: number | null; userRatingCount: number }) => void;
}

/** A 0-100 slider and number input (on the user's own score, else 5) and 'Enviar'. */
export function RatingModal({ game, initialScore, onClose, onRated }: RatingModalProps) {
  const [score, setScore] = useState(initialScore ?? DEFAULT_RATING);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onRated(await submitRating({ gameId: game.igdbID, score }));
      onClose();
    } catch (caught) {
      setError(serverMessage(caught, 'Error al enviar la puntuación'));
      setBusy(false);
    }
  };

  return (
    <Modal title={`Puntuar ${game.title}`} onClose={onClose} className="modal--small">
      <form className="form rating-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-range`}>Tu puntuación (0-100)</label>
          <div className="rating-form__inputs">
            <input
              id={`${id}-range`}
              type="range"
              min={0}
              max={100}
              step={1}
              value={score}
              onChange={(event) => setScore(clamp(event.target.valueAsNumber))}
              data-autofocus
            />
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              aria-label="Puntuación"
              className="rating-form__number"
              value={score}
              onChange={(event) => setScore(clamp(event.target.valueAsNumber))}
            />
            <ScoreBadge score={score} size="large" />
          </div>
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Enviar
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </form>
    </Modal>
  );
}
