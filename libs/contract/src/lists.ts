/** The wish list every user has ('Deseados', the game page's button; 'Lo quiero' folded into it). */
export const WISHLIST_NAME = 'Deseados';
/** Names of the lists every user has (created with the account, never renamed nor deleted). */
export const RESERVED_LIST_NAMES = [WISHLIST_NAME] as const;
