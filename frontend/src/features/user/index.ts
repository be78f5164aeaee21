// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { addGameToList } from './api/add-game-to-list';
export { createReview } from './api/create-review';
export { submitRating } from './api/submit-rating';
export { useGameLists, WISHLIST_NAME } from './api/use-game-lists';
export { CreateListForm } from './components/create-list-form';
export { useOwnRating } from './api/use-own-rating';
export { withdrawRating } from './api/withdraw-rating';
export { useOwnReview } from './api/use-own-review';
export { useListsHolding } from './api/use-lists-holding';
export { removeGameFromList } from './api/remove-game-from-list';
