import { useState } from 'react';
import { Link } from '../../../components/link';
import { Modal } from '../../../components/modal';
import { ScoreBadge } from '../../../components/score-badge';
import { badgeTier } from '../../../lib/badges';
import { formatDate, truncate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';
import { ReportReviewDialog } from './report-review-dialog';
import { ReviewHelpfulness } from './review-helpfulness';
import { UserBadge } from './user-badge';

export const USER_REVIEW_PREVIEW_LENGTH = 320;

export function UserReviewCard({ review, gameTitle }: { review: UserReview; gameTitle: string }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  // A spoiler's text is not rendered at all until the reader asks for it.
  const [revealed, setRevealed] = useState(!review.spoiler);
  const tier = review.badge ?? badgeTier(review.authorReviewCount);
  return (
    <article className="review-card review-card--user">
      <header className="review-card__header">
        <UserBadge tier={tier} />
        <div className="review-card__who">
          <h3 className="review-card__medium">
            <Link to={routes.publicProfile(review.autor)}>{review.autor}</Link>
          </h3>
          {review.createdAt ? (
            <p className="review-card__author">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          ) : null}
        </div>
        <ScoreBadge score={review.rating} label="Puntuación" size="large" />
      </header>
      {revealed ? (
        <>
          <p className="review-card__text">{truncate(review.review, USER_REVIEW_PREVIEW_LENGTH)}</p>
          <button type="button" className="button button--link" onClick={() => setOpen(true)}>
            Leer crítica completa
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--ghost review-card__spoiler"
          onClick={() => setRevealed(true)}
        >
          Contiene spoilers — mostrar
        </button>
      )}
      <footer className="review-card__feedback">
        <ReviewHelpfulness review={review} />
        <button type="button" className="button button--link" onClick={() => setReporting(true)}>
          Denunciar
        </button>
      </footer>
      {reporting ? <ReportReviewDialog reviewId={review.id} onClose={() => setReporting(false)} /> : null}
      {open ? (
        <Modal title={gameTitle} onClose={() => setOpen(false)}>
          <p className="review-modal__author">
            Crítica de <Link to={routes.publicProfile(review.autor)}>{review.autor}</Link> ·{' '}
            <ScoreBadge score={review.rating} label="Puntuación" />
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
