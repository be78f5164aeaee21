export * from './cdn-purger.js';
export * from './purge-batcher.js';
