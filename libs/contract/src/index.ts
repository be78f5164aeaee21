export * from './api-types.js';
export * from './dates.js';
export * from './genres.js';
export * from './platforms.js';
export * from './routes.js';
export * from './scores.js';
export * from './slug.js';
