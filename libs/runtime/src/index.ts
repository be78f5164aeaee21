export * from './embedded-postgres.js';
export * from './secrets.js';
export * from './supervisor.js';
