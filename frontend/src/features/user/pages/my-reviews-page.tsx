import { lazy, Suspense, useState } from 'react';
import { Link } from '../../../components/link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CoverImage } from '../../../components/cover-image';
import { LoadError } from '../../../components/load-error';
import { ScoreBadge } from '../../../components/score-badge';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import type { UserReview } from '../../../lib/types';
import { RequireAuth } from '../../auth';
import { deleteReview } from '../api/delete-review';
import { useMyReviews } from '../api/use-my-reviews';
import './user.css';

const ReviewReadModal = lazy(() =>
  import('../components/review-read-modal').then((module) => ({ default: module.ReviewReadModal })),
);

function MyReviews() {
  const { data: reviews, isLoading, error, mutate } = useMyReviews();
  const [readingId, setReadingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  if (isLoading) return <p role="status">Cargando críticas...</p>;
  if (error) return <LoadError message="No se han podido cargar tus críticas." onRetry={() => mutate()} />;
  if (!reviews || reviews.length === 0) return <p className="empty-state">No tienes críticas todavía.</p>;

  const reading = reviews.find((review) => review.id === readingId) ?? null;

  const onSaved = (updated: UserReview) => {
    void mutate(
      reviews.map((review) => (review.id === updated.id ? { ...review, ...updated } : review)),
      { revalidate: false },
    );
  };

  const confirmDelete = async () => {
    if (deletingId === null) return;
    setBusy(true);
    try {
      await deleteReview(deletingId);
      void mutate(
        reviews.filter((review) => review.id !== deletingId),
        { revalidate: false },
      );
    } catch (caught) {
      notify(
        caught instanceof ApiError && caught.status === 0
          ? 'Error de red al eliminar la reseña'
          : `Error al eliminar la reseña: ${serverMessage(caught, 'error desconocido')}`,
      );
    } finally {
      setBusy(false);
      setDeletingId(null);
    }
  };

  return (
    <>
      <ul className="my-reviews">
        {reviews.map((review) => (
          <li key={review.id} className="my-review">
            <CoverImage className="my-review__cover" src={review.imageCover} alt="" width={90} height={120} />
            <div className="my-review__body">
              <h2 className="my-review__title">
                {review.gameIgdbID ? (
                  <Link
                    to={routes.game({
                      slug: review.slug,
                      title: review.titleGame,
                      igdbID: review.gameIgdbID,
                    })}
                  >
                    {review.titleGame}
                  </Link>
                ) : (
                  review.titleGame
                )}
              </h2>
              <ScoreBadge score={review.rating} label="Puntuación" size="large" />
              {review.hidden ? (
                <p className="my-review__hidden" data-testid="review-hidden">
                  <strong>Oculta por moderación</strong> el {formatDate(review.hidden.at)}
                  {review.hidden.reason ? `: «${review.hidden.reason}».` : '.'} Solo tú la ves.
                </p>
              ) : null}
            </div>
            <div className="my-review__actions">
              <button type="button" className="button" onClick={() => setReadingId(review.id)}>
                Leer
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setDeletingId(review.id)}
              >
                Eliminar
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {reading ? (
          <ReviewReadModal review={reading} onClose={() => setReadingId(null)} onSaved={onSaved} />
        ) : null}
      </Suspense>
      {deletingId !== null ? (
        <ConfirmDialog
          title="Eliminar crítica"
          message="¿Seguro que quieres eliminar esta reseña?"
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeletingId(null)}
        />
      ) : null}
    </>
  );
}

export function MyReviewsPage() {
  usePageMeta({ title: 'Mis críticas' });
  return (
    <div className="page">
      <h1 className="page-title">MIS CRÍTICAS</h1>
      <RequireAuth>
        <MyReviews />
      </RequireAuth>
    </div>
  );
}
