export * from './game-search.js';
export * from './search-index.js';
export * from './search-index-store.js';
