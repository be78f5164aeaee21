import { lazy, Suspense, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { GameDetail } from '../../../lib/types';
import { useSession } from '../../auth';
import { addGameToList, useOwnRating, WISHLIST_NAME, withdrawRating } from '../../user';

const RatingModal = lazy(() => import('./rating-modal').then((module) => ({ default: module.RatingModal })));
const ReviewModal = lazy(() => import('./review-modal').then((module) => ({ default: module.ReviewModal })));
const ListModal = lazy(() => import('./list-modal').then((module) => ({ default: module.ListModal })));
const LoginModal = lazy(() =>
  import('../../auth/components/login-modal').then((module) => ({ default: module.LoginModal })),
);

export const WISHLIST_FLASH_MS = 1500;

type OpenModal = 'rating' | 'review' | 'list' | 'login' | null;
type WishlistState = 'idle' | 'busy' | 'added' | 'error';

interface GameActionsProps {
  game: GameDetail;
  onRated: () => void;
}

/** Puntuar, Añadir a lista, Añadir crítica and Deseados; each asks a visitor to log in first. */
export function GameActions({ game, onRated }: GameActionsProps) {
  const { token } = useSession();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<OpenModal>(null);
  const [wishlist, setWishlist] = useState<WishlistState>('idle');
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawError, setWithdrawError] = useState(false);
  const igdbID = String(game.igdbID);
  const { data: ownScore, mutate: refreshOwnScore } = useOwnRating(igdbID);
  const hasOwnScore = token !== null && ownScore !== undefined && ownScore !== null;

  const afterRating = () => {
    void refreshOwnScore();
    onRated();
  };

  const withdraw = async () => {
    setWithdrawing(true);
    setWithdrawError(false);
    try {
      await withdrawRating(game.igdbID);
      await refreshOwnScore(null, { revalidate: true });
      onRated();
    } catch {
      setWithdrawError(true);
    } finally {
      setWithdrawing(false);
    }
  };

  useEffect(() => {
    if (wishlist !== 'added') return;
    const timer = window.setTimeout(() => setWishlist('idle'), WISHLIST_FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [wishlist]);

  const openIfLoggedIn = (modal: Exclude<OpenModal, 'login' | null>) => setOpen(token ? modal : 'login');
  const close = () => setOpen(null);
  const refreshLists = () => {
    void mutate((key) => typeof key === 'string' && key.startsWith('/api/user/') && key.includes('game'));
  };

  const addToWishlist = async () => {
    if (!token) {
      setOpen('login');
      return;
    }
    setWishlist('busy');
    try {
      await addGameToList({ gameId: game.igdbID, name: WISHLIST_NAME });
      setWishlist('added');
      refreshLists();
    } catch {
      setWishlist('error');
    }
  };

  const onReviewPublished = () => {
    void refreshOwnScore();
    void mutate(apiPaths.games.detail(igdbID));
    void mutate(apiPaths.games.userReviews(igdbID));
    void mutate(apiPaths.games.playerAverage(igdbID));
    void mutate(apiPaths.user.reviews());
    void mutate(apiPaths.user.reviewCount());
  };

  return (
    <div className="game-actions">
      {hasOwnScore ? (
        <div className="own-rating" data-testid="own-rating">
          <span className="own-rating__text">Tu puntuación: {ownScore}</span>
          <button type="button" className="button" onClick={() => openIfLoggedIn('rating')}>
            Cambiar
          </button>
          <button type="button" className="button button--ghost" onClick={withdraw} disabled={withdrawing}>
            Retirar
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => openIfLoggedIn('rating')}>
          Puntuar
        </button>
      )}
      <button type="button" className="button" onClick={() => openIfLoggedIn('list')}>
        Añadir a lista
      </button>
      <button type="button" className="button" onClick={() => openIfLoggedIn('review')}>
        Añadir crítica
      </button>
      <button
        type="button"
        className={`button button--wishlist ${wishlist === 'added' ? 'is-success' : ''}`.trim()}
        data-state={wishlist}
        onClick={addToWishlist}
        disabled={wishlist === 'busy'}
      >
        Deseados
      </button>
      <p className="visually-hidden" role="status">
        {wishlist === 'added' ? `${game.title} añadido a Deseados` : ''}
      </p>
      {withdrawError ? (
        <p className="form-error game-actions__error" role="alert">
          No se ha podido retirar tu puntuación.
        </p>
      ) : null}
      {wishlist === 'error' ? (
        <p className="form-error game-actions__error" role="alert">
          Hubo un error al agregar el juego.
        </p>
      ) : null}
      <Suspense fallback={null}>
        {open === 'rating' ? (
          <RatingModal
            game={game}
            initialScore={ownScore ?? undefined}
            onClose={close}
            onRated={afterRating}
          />
        ) : null}
        {open === 'review' ? (
          <ReviewModal game={game} onClose={close} onPublished={onReviewPublished} />
        ) : null}
        {open === 'list' ? <ListModal game={game} onClose={close} onAdded={refreshLists} /> : null}
        {open === 'login' ? <LoginModal onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
