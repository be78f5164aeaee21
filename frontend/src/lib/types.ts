/** Shapes of the API answers: the contract shared with the back end (libs/contract). */
export type * from '@veredicto/contract';
