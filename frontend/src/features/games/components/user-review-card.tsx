import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ScoreBadge } from '../../../components/score-badge';
import { badgeTier } from '../../../lib/badges';
import { formatDate, truncate } from '../../../lib/format';
import type { UserReview } from '../../../lib/types';
import { UserBadge } from './user-badge';

export const USER_REVIEW_PREVIEW_LENGTH = 320;

export function UserReviewCard({ review, gameTitle }: { review: UserReview; gameTitle: string }) {
  const [open, setOpen] = useState(false);
  const tier = review.badge ?? badgeTier(review.authorReviewCount);
  return (
    <article className="review-card review-card--user">
      <header className="review-card__header">
        <UserBadge tier={tier} />
        <div className="review-card__who">
          <h3 className="review-card__medium">{review.autor}</h3>
          {review.createdAt ? (
            <p className="review-card__author">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          ) : null}
        </div>
        <ScoreBadge score={review.rating} label="Puntuación" size="large" />
      </header>
      <p className="review-card__text">{truncate(review.review, USER_REVIEW_PREVIEW_LENGTH)}</p>
      <button type="button" className="button button--link" onClick={() => setOpen(true)}>
        Leer crítica completa
      </button>
      {open ? (
        <Modal title={gameTitle} onClose={() => setOpen(false)}>
          <p className="review-modal__author">
            Crítica de {review.autor} · <ScoreBadge score={review.rating} label="Puntuación" />
          </p>
          <p className="review-full">{review.review}</p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cerrar
            </button>
          </div>
        </Modal>
      ) : null}
    </article>
  );
}
