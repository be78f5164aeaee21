export * from './job-names.js';
export * from './queue-connection.js';
export * from './job-ids.js';
export * from './job-options.js';
export * from './job-gateway.js';
export * from './jobs-core.module.js';
export * from './connection-errors.js';
export * from './outbox-relay.js';
