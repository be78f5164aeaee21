export * from './mail-templates.js';
export * from './render-mail.js';
export * from './mail.service.js';
export * from './mail.module.js';
