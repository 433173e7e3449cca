export * from './types.js';
export * from './slot-id.js';
export { createRandom, type Random } from './random.js';
export {
  BOOKING_WINDOW_DAYS,
  DEFAULT_SEED,
  createPractice,
  type Practice,
  type PracticeOptions,
} from './practice.js';
export { isValidNpi, npiWithCheckDigit } from './npi.js';
export * from './normalised.js';
export * from './sample.js';
