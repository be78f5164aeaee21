// The genre slugs are part of the contract shared with the front (libs/contract/src/genres.ts).
import type { GENRES_BY_SLUG } from '@veredicto/contract';

export { GENRES_BY_SLUG } from '@veredicto/contract';

export type GenreOfSlug = NonNullable<ReturnType<(typeof GENRES_BY_SLUG)['get']>>;
