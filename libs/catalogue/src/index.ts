export * from './catalogue-memory.js';
export * from './catalogue-query.js';
export * from './page-body.js';
export * from './version-follower.js';
