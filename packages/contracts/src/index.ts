export * from './common.js';
export * from './session.js';
export * from './api-keys.js';
export * from './gateway-config.js';
export * from './request-logs.js';
export * from './ehr-status.js';
export * from './system.js';
export * from './utility.js';
