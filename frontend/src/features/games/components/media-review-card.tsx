import { ScoreBadge } from '../../../components/score-badge';
import type { MediaReview } from '../../../lib/types';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : name.trim().slice(0, 2);
  return letters.toUpperCase();
}

export function MediaReviewCard({ review }: { review: MediaReview }) {
  return (
    <article className="review-card review-card--media">
      <header className="review-card__header">
        {review.logo ? (
          <img
            className="review-card__logo"
            src={review.logo}
            alt={`Logo de ${review.medium}`}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="review-card__initials" aria-hidden="true">
            {initialsOf(review.medium)}
          </span>
        )}
        <div className="review-card__who">
          <h3 className="review-card__medium">{review.medium}</h3>
          {review.autor ? <p className="review-card__author">{review.autor}</p> : null}
        </div>
        <span title={review.rawScore ?? undefined}>
          <ScoreBadge score={review.rating} label="Puntuación" size="large" />
        </span>
      </header>
      {review.review ? <p className="review-card__text">{review.review}</p> : null}
      {review.link ? (
        <a className="review-card__link" href={review.link} target="_blank" rel="noopener">
          Leer crítica completa
        </a>
      ) : null}
    </article>
  );
}
