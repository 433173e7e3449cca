/**
 * An API key's limits, apart from its schemas (api-keys.ts) so the console's Dashboard shows the API
 * keys card (its create form caps the name as typed) without loading zod.
 */

export const API_KEY_NAME_MAX = 100;
export const RATE_LIMIT_MAX = 100_000;
export const QUOTA_MAX = 100_000_000;
export const ROTATION_GRACE_MAX_MINUTES = 1440;
