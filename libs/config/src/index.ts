export * from './config.js';
export * from './config.module.js';
export * from './project-root.js';
