import { Tabs } from '../../../components/tabs';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import type { MediaReview } from '../../../lib/types';
import { useGameUserReviews } from '../api/use-game-user-reviews';
import { useMediaReviews } from '../api/use-media-reviews';
import { MediaReviewCard } from './media-review-card';
import { UserReviewCard } from './user-review-card';

const NO_REVIEWS: MediaReview[] = [];

function MediaReviews({ igdbID }: { igdbID: string }) {
  const { data, isLoading } = useMediaReviews(igdbID);
  const shown = useProgressiveList(data ?? NO_REVIEWS, 6);
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (!data || data.length === 0)
    return <p className="empty-state">No hay críticas de medios disponibles.</p>;
  return (
    <ul className="review-list">
      {shown.map((review) => (
        <li key={review.id}>
          <MediaReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

function UserReviews({ igdbID, gameTitle }: { igdbID: string; gameTitle: string }) {
  const { data, isLoading } = useGameUserReviews(igdbID);
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (!data || data.length === 0)
    return <p className="empty-state">No hay críticas de usuarios disponibles.</p>;
  return (
    <ul className="review-list">
      {data.map((review) => (
        <li key={review.id}>
          <UserReviewCard review={review} gameTitle={gameTitle} />
        </li>
      ))}
    </ul>
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
