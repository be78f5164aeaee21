import { useMemo, useState } from 'react';
import { Tabs } from '../../../components/tabs';
import type { MediaReview } from '../../../lib/types';
import { useGameUserReviews, type UserReviewSort } from '../api/use-game-user-reviews';
import { useMediaReviews } from '../api/use-media-reviews';
import { groupMediaReviews } from '../media-review-groups';
import { MediaReviewCard } from './media-review-card';
import { UserReviewCard } from './user-review-card';

const NO_REVIEWS: MediaReview[] = [];
/** Cards shown at first; the rest on demand, a page at a time. */
export const MEDIA_REVIEWS_PAGE = 12;

function MediaReviews({ igdbID }: { igdbID: string }) {
  const { data, isLoading } = useMediaReviews(igdbID);
  const groups = useMemo(() => groupMediaReviews(data ?? NO_REVIEWS), [data]);
  const [limit, setLimit] = useState(MEDIA_REVIEWS_PAGE);
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (groups.length === 0) return <p className="empty-state">No hay críticas de medios disponibles.</p>;
  const rest = groups.length - limit;
  return (
    <>
      <ul className="review-list">
        {groups.slice(0, limit).map((group) => (
          <li key={group.key}>
            <MediaReviewCard group={group} />
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <button
          type="button"
          className="button button--ghost review-list__more"
          onClick={() => setLimit((current) => current + MEDIA_REVIEWS_PAGE)}
        >
          Ver más críticas ({rest} más)
        </button>
      ) : null}
    </>
  );
}

function UserReviews({ igdbID, gameTitle }: { igdbID: string; gameTitle: string }) {
  const [sort, setSort] = useState<UserReviewSort>('helpful');
  const { data, isLoading } = useGameUserReviews(igdbID, sort);
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (!data || data.length === 0)
    return <p className="empty-state">No hay críticas de usuarios disponibles.</p>;
  return (
    <>
      <label className="field field--inline review-list__sort">
        Ordenar:
        <select value={sort} onChange={(event) => setSort(event.target.value as UserReviewSort)}>
          <option value="helpful">Más útiles</option>
          <option value="recent">Más recientes</option>
        </select>
      </label>
      <ul className="review-list">
        {data.map((review) => (
          <li key={review.id}>
            <UserReviewCard review={review} gameTitle={gameTitle} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function GameReviews({ igdbID, gameTitle }: { igdbID: string; gameTitle: string }) {
  return (
    <Tabs
      label="Críticas"
      tabs={[
        { id: 'media', label: 'Críticas de medios', content: <MediaReviews igdbID={igdbID} /> },
        {
          id: 'users',
          label: 'Críticas de usuarios',
          content: <UserReviews igdbID={igdbID} gameTitle={gameTitle} />,
        },
      ]}
    />
  );
}
