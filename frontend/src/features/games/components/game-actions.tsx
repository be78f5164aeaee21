import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useStatusToast } from '../../../components/status-toast';
import { apiPaths } from '../../../lib/paths';
import type { GameDetail } from '../../../lib/types';
import { useSession } from '../../auth';
import {
  addGameToList,
  removeGameFromList,
  useGameLists,
  useListsHolding,
  useOwnRating,
  useOwnReview,
  WISHLIST_NAME,
  withdrawRating,
} from '../../user';

const RatingModal = lazy(() => import('./rating-modal').then((module) => ({ default: module.RatingModal })));
const ReviewModal = lazy(() => import('./review-modal').then((module) => ({ default: module.ReviewModal })));
const ListModal = lazy(() => import('./list-modal').then((module) => ({ default: module.ListModal })));
const LoginModal = lazy(() =>
  import('../../auth/components/login-modal').then((module) => ({ default: module.LoginModal })),
);

export const WISHLIST_FLASH_MS = 1500;

type Action = 'rating' | 'review' | 'list' | 'wishlist';
type OpenModal = Exclude<Action, 'wishlist'> | 'login' | null;
type WishlistState = 'idle' | 'busy' | 'added' | 'removed' | 'error';

interface GameActionsProps {
  game: GameDetail;
  onRated: (figures?: { avUserRatings: number | null; userRatingCount: number }) => void;
}

/**
 * Puntuar, Añadir a lista, Añadir crítica (or 'Editar tu crítica') and Deseados (on and off); each asks a
 * visitor to log in first and then carries on with the action that was started.
 */
export function GameActions({ game, onRated }: GameActionsProps) {
  const { token } = useSession();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<OpenModal>(null);
  const { show: showToast, toast } = useStatusToast();
  // The action a visitor started before being asked to log in.
  const [pending, setPending] = useState<Action | null>(null);
  const [wishlist, setWishlist] = useState<WishlistState>('idle');
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawError, setWithdrawError] = useState(false);
  const igdbID = String(game.igdbID);
  const { data: ownScore, mutate: refreshOwnScore } = useOwnRating(igdbID);
  const hasOwnScore = token !== null && ownScore !== undefined && ownScore !== null;
  const { data: ownReview, mutate: refreshOwnReview } = useOwnReview(igdbID);
  const { data: holding, mutate: refreshHolding } = useListsHolding(igdbID);
  const { data: lists } = useGameLists();
  const inWishlist = token !== null && (holding?.includes(WISHLIST_NAME) ?? false);
  const wishlistId = lists?.find((list) => list.name === WISHLIST_NAME)?.id;

  const afterRating = (figures: { avUserRatings: number | null; userRatingCount: number }) => {
    void refreshOwnScore();
    onRated(figures);
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
    if (wishlist !== 'added' && wishlist !== 'removed') return;
    const timer = window.setTimeout(() => setWishlist('idle'), WISHLIST_FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [wishlist]);

  const askToLogIn = (action: Action) => {
    setPending(action);
    setOpen('login');
  };
  const openIfLoggedIn = (modal: Exclude<Action, 'wishlist'>) => (token ? setOpen(modal) : askToLogIn(modal));
  const close = () => {
    setOpen(null);
    setPending(null);
  };
  const refreshLists = useCallback(() => {
    void mutate((key) => typeof key === 'string' && key.startsWith('/api/user/') && key.includes('game'));
  }, [mutate]);

  const changeWishlist = useCallback(
    async (change: () => Promise<unknown>, done: WishlistState) => {
      setWishlist('busy');
      try {
        await change();
        setWishlist(done);
        await refreshHolding();
        refreshLists();
      } catch {
        setWishlist('error');
      }
    },
    [refreshHolding, refreshLists],
  );
  const addToWishlist = useCallback(
    () => changeWishlist(() => addGameToList({ gameId: game.igdbID, name: WISHLIST_NAME }), 'added'),
    [changeWishlist, game.igdbID],
  );

  /** Deseados on and off: a second tap takes the game out of the list. */
  const toggleWishlist = () => {
    if (!token) return askToLogIn('wishlist');
    if (inWishlist && wishlistId !== undefined) {
      return changeWishlist(() => removeGameFromList(wishlistId, game.igdbID), 'removed');
    }
    return addToWishlist();
  };

  // Logged in from the modal: carry on with what the visitor had started. Deseados waits for the lists
  // of the new session, so a game already there is not added twice.
  const [resumeWishlist, setResumeWishlist] = useState(false);
  const onLoggedIn = () => {
    const action = pending;
    setPending(null);
    setOpen(null);
    if (action === 'wishlist') setResumeWishlist(true);
    else if (action) setOpen(action);
  };
  useEffect(() => {
    if (!resumeWishlist || !token || holding === undefined) return;
    setResumeWishlist(false);
    if (!holding.includes(WISHLIST_NAME)) void addToWishlist();
  }, [resumeWishlist, token, holding, addToWishlist]);

  const onReviewPublished = (message: string) => {
    close();
    showToast(message);
    void refreshOwnScore();
    void refreshOwnReview();
    void mutate(apiPaths.games.detail(igdbID));
    void mutate(apiPaths.games.userReviews(igdbID, 'helpful'));
    void mutate(apiPaths.games.userReviews(igdbID, 'recent'));
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
        {ownReview ? 'Editar tu crítica' : 'Añadir crítica'}
      </button>
      <button
        type="button"
        className={`button button--wishlist ${inWishlist ? 'is-on' : ''} ${wishlist === 'added' ? 'is-success' : ''}`.trim()}
        data-state={wishlist}
        aria-pressed={inWishlist}
        onClick={() => void toggleWishlist()}
        // Taking it out needs the list's id: a tap before the lists arrive would add it again.
        disabled={wishlist === 'busy' || (inWishlist && wishlistId === undefined)}
      >
        {inWishlist ? `En ${WISHLIST_NAME}` : WISHLIST_NAME}
      </button>
      <p className="visually-hidden" role="status">
        {wishlist === 'added'
          ? `${game.title} añadido a Deseados`
          : wishlist === 'removed'
            ? `${game.title} quitado de Deseados`
            : ''}
      </p>
      {withdrawError ? (
        <p className="form-error game-actions__error" role="alert">
          No se ha podido retirar tu puntuación.
        </p>
      ) : null}
      {wishlist === 'error' ? (
        <p className="form-error game-actions__error" role="alert">
          {inWishlist ? 'No se ha podido quitar el juego de Deseados.' : 'Hubo un error al agregar el juego.'}
        </p>
      ) : null}
      {toast}
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
          <ReviewModal game={game} existing={ownReview} onClose={close} onPublished={onReviewPublished} />
        ) : null}
        {open === 'list' ? <ListModal game={game} onClose={close} onAdded={refreshLists} /> : null}
        {open === 'login' ? <LoginModal onClose={close} onLoggedIn={onLoggedIn} /> : null}
      </Suspense>
    </div>
  );
}
