export * from './api.js';
export * from './api-errors.js';
export * from './constants.js';
export * from './events.js';
export * from './screens.js';
export * from './validation.js';
export * from './version.js';
