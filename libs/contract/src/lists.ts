/** The wish list every user has ('Deseados', the game page's button). */
export const WISHLIST_NAME = 'Deseados';
/** The list every user has that nothing fills by itself: left out of the add-to-list picker. */
export const HIDDEN_FROM_PICKER = 'Lo quiero';
/** Names of the lists every user has (created with the account, never renamed nor deleted). */
export const RESERVED_LIST_NAMES = [HIDDEN_FROM_PICKER, WISHLIST_NAME] as const;
