export * from './api-types.js';
export * from './dates.js';
export * from './limits.js';
export * from './lists.js';
export * from './platforms.js';
export * from './routes.js';
export * from './scores.js';
export * from './slug.js';
