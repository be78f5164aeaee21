export * from './job-names.js';
export * from './queue-connection.js';
export * from './job-ids.js';
export * from './connection-errors.js';
