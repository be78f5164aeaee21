export * from './metrics.js';
export * from './metrics-server.js';
export * from './metrics.module.js';
export * from './queue-metrics.js';
export * from './http-metrics.js';
export * from './job-metrics.js';
