export * from './dates.js';
export * from './us-dates.js';
export * from './zones.js';
