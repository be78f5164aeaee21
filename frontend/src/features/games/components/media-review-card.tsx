import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { ScoreBadge } from '../../../components/score-badge';
import { formatDate } from '../../../lib/format';
import type { MediaReview } from '../../../lib/types';
import {
  countryName,
  flagOf,
  formatRawScore,
  groupQuote,
  type MediaReviewGroup,
} from '../media-review-groups';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : name.trim().slice(0, 2);
  return letters.toUpperCase();
}

/** '8,5/10 → 85': the score as the outlet printed it and the 0-100 value that is averaged. */
function ScoreLine({ review }: { review: MediaReview }) {
  if (review.rating === null) return <span className="review-card__raw">Sin nota</span>;
  return (
    <span className="review-card__raw">
      {review.rawScore ? `${formatRawScore(review.rawScore)} → ${review.rating}` : String(review.rating)}
    </span>
  );
}

/** One outlet's review of the game, or its reviews on several platforms as one card. */
export function MediaReviewCard({ group }: { group: MediaReviewGroup }) {
  const { lead, reviews } = group;
  const country = lead.outletCountry;
  const platforms = reviews.filter((review) => review.platform);
  const sameScore = reviews.every((review) => review.rating === lead.rating);
  const quote = groupQuote(group);
  return (
    <article className="review-card review-card--media" data-testid="media-review-card">
      <header className="review-card__header">
        {lead.logo ? (
          <img
            className="review-card__logo"
            src={lead.logo}
            alt={`Logo de ${lead.medium}`}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="review-card__initials" aria-hidden="true">
            {initialsOf(lead.medium)}
          </span>
        )}
        <div className="review-card__who">
          <h3 className="review-card__medium">
            {lead.outletSlug ? <Link to={routes.outlet(lead.outletSlug)}>{lead.medium}</Link> : lead.medium}
          </h3>
          {country ? (
            <p className="review-card__country">
              <span aria-hidden="true">{flagOf(country)} </span>
              {countryName(country)}
            </p>
          ) : null}
          {lead.autor ? <p className="review-card__author">{lead.autor}</p> : null}
        </div>
        <ScoreBadge score={lead.rating} label="Puntuación" size="large" />
      </header>
      <ul className="review-card__facts">
        {sameScore ? (
          <li>
            <ScoreLine review={lead} />
            {platforms.length ? ` · ${platforms.map((review) => review.platform).join(', ')}` : null}
          </li>
        ) : (
          reviews.map((review) => (
            <li key={review.id}>
              {review.platform ? `${review.platform}: ` : null}
              <ScoreLine review={review} />
            </li>
          ))
        )}
        {lead.date ? (
          <li>
            <time dateTime={lead.date}>{formatDate(lead.date)}</time>
          </li>
        ) : null}
      </ul>
      {quote.text ? <p className="review-card__text">{quote.text}</p> : null}
      {quote.link ? (
        <a className="review-card__link" href={quote.link} target="_blank" rel="noopener">
          Leer crítica completa
        </a>
      ) : null}
    </article>
  );
}
