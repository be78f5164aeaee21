import { useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import type { UserReview } from '../../../lib/types';
import { voteReview } from '../api/vote-review';
import { withdrawReviewVote } from '../api/withdraw-review-vote';

type Vote = boolean | null;

/**
 * '¿Te ha sido útil? Sí / No' with the counts. The reader's own answer is kept here (the list does not say
 * who voted): a second tap on the same answer withdraws it.
 */
export function ReviewHelpfulness({ review }: { review: UserReview }) {
  const [vote, setVote] = useState<Vote>(null);
  const [counts, setCounts] = useState({ helpful: review.helpful, notHelpful: review.notHelpful });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async (helpful: boolean) => {
    const next: Vote = vote === helpful ? null : helpful;
    setBusy(true);
    setError(null);
    try {
      if (next === null) await withdrawReviewVote(review.id);
      else await voteReview(review.id, next);
      setCounts((current) => {
        const counted = { ...current };
        if (vote === true) counted.helpful -= 1;
        if (vote === false) counted.notHelpful -= 1;
        if (next === true) counted.helpful += 1;
        if (next === false) counted.notHelpful += 1;
        return counted;
      });
      setVote(next);
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido guardar tu voto.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="review-helpful" role="group" aria-label="¿Te ha sido útil?">
      <span className="review-helpful__question">¿Te ha sido útil?</span>
      <button
        type="button"
        className="button button--ghost review-helpful__button"
        aria-pressed={vote === true}
        disabled={busy}
        onClick={() => void answer(true)}
      >
        Sí ({counts.helpful})
      </button>
      <button
        type="button"
        className="button button--ghost review-helpful__button"
        aria-pressed={vote === false}
        disabled={busy}
        onClick={() => void answer(false)}
      >
        No ({counts.notHelpful})
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
