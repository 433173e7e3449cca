import { z } from 'zod';

import {
  API_KEY_NAME_MAX,
  QUOTA_MAX,
  RATE_LIMIT_MAX,
  ROTATION_GRACE_MAX_MINUTES,
} from './api-keys-names.js';
import { IsoDateTime } from './common.js';
import { PracticeId } from './gateway-config.js';
import { ApiScope } from './scopes.js';

/** Why a gateway call was refused for its key: the gateway answers these, the docs list them. */
export const API_KEY_REFUSALS = [
  {
    code: 'API_KEY_MISSING',
    status: 401,
    when: 'No x-api-key header',
    message: 'Missing API key: send your key in the x-api-key header',
  },
  {
    code: 'API_KEY_INVALID',
    status: 401,
    when: 'Unknown or revoked key',
    message: 'Invalid API key',
  },
  {
    code: 'API_KEY_EXPIRED',
    status: 401,
    when: 'Key past its expiry date',
    message: 'API key expired',
  },
  {
    code: 'API_KEY_ROTATED',
    status: 401,
    when: 'Key replaced by rotation and past its grace window',
    message: 'API key rotated',
  },
  {
    code: 'SCOPE_REQUIRED',
    status: 403,
    when: 'Key lacks the scope the route needs',
    message: 'This API key lacks the scope ehr:write',
  },
  {
    code: 'RATE_LIMITED',
    status: 429,
    when: "More requests in a minute than the key's rate limit (Retry-After says when)",
    message: 'Rate limit of 5 requests per minute reached; retry after 12 s',
  },
  {
    code: 'QUOTA_EXCEEDED',
    status: 429,
    when: "More requests today (UTC) than the key's daily quota",
    message: 'Daily quota of 1000 requests reached; it resets at 00:00 UTC',
  },
] as const;
export type ApiKeyRefusalCode = (typeof API_KEY_REFUSALS)[number]['code'];

/** The practices a key may call; absent or null means any practice the gateway serves. */
export const ApiKeyPracticeIds = z
  .array(PracticeId)
  .min(1, 'practiceIds: name at least one practice, or leave it out for any')
  .max(50)
  .transform((ids) => [...new Set(ids)]);

/** The scopes a key holds; absent or null means every scope. */
export const ApiKeyScopes = z
  .array(ApiScope)
  .min(1, 'scopes: name at least one scope, or leave it out for every scope')
  .transform((scopes) => [...new Set(scopes)]);

/** Requests per minute (a sliding window); null means the gateway default. */
export const ApiKeyRateLimit = z
  .number()
  .int('rateLimit must be a whole number of requests per minute')
  .min(1, 'rateLimit must be at least 1 request per minute')
  .max(RATE_LIMIT_MAX);
/** Requests per UTC day; null means no quota. */
export const ApiKeyQuota = z
  .number()
  .int('quota must be a whole number of requests per day')
  .min(1, 'quota must be at least 1 request per day')
  .max(QUOTA_MAX);

const ApiKeyName = z.string().trim().min(1, 'name must not be empty').max(API_KEY_NAME_MAX);
/** When the key stops working; absent or null means never. Must be in the future. */
const ApiKeyExpiry = z.iso.datetime({ offset: true });

export const CreateApiKeyBody = z.strictObject({
  name: ApiKeyName,
  expiresAt: ApiKeyExpiry.nullish(),
  practiceIds: ApiKeyPracticeIds.nullish(),
  scopes: ApiKeyScopes.nullish(),
  rateLimit: ApiKeyRateLimit.nullish(),
  quota: ApiKeyQuota.nullish(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** Any of a key's settings; null clears one (every scope, the default limit, no quota, never). */
export const UpdateApiKeyBody = z
  .strictObject({
    name: ApiKeyName,
    expiresAt: ApiKeyExpiry.nullable(),
    practiceIds: ApiKeyPracticeIds.nullable(),
    scopes: ApiKeyScopes.nullable(),
    rateLimit: ApiKeyRateLimit.nullable(),
    quota: ApiKeyQuota.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdateApiKeyBody = z.infer<typeof UpdateApiKeyBody>;

export const RotateApiKeyBody = z.strictObject({
  /** How long the old key keeps working; 0 ends it at once. */
  graceMinutes: z
    .number()
    .int('graceMinutes must be a whole number of minutes')
    .min(0, 'graceMinutes must be 0 or more')
    .max(ROTATION_GRACE_MAX_MINUTES, `graceMinutes may be at most ${ROTATION_GRACE_MAX_MINUTES}`)
    .default(60),
});
export type RotateApiKeyBody = z.infer<typeof RotateApiKeyBody>;

/** A key as listed: never the full secret, only a masked form (prefix and last four). */
export const ApiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: IsoDateTime,
  key: z.string(),
  lastUsedAt: IsoDateTime.nullable(),
  expiresAt: IsoDateTime.nullable(),
  /** Null: any practice. */
  practiceIds: z.array(z.string()).nullable(),
  /** Null: every scope. */
  scopes: z.array(ApiScope).nullable(),
  /** Requests per minute; null: the gateway default (defaultRateLimit below). */
  rateLimit: z.number().int().nullable(),
  /** Requests per UTC day; null: none. */
  quota: z.number().int().nullable(),
  /** The limit in force: the key's own, else the gateway default; null is unlimited. */
  effectiveRateLimit: z.number().int().nullable(),
  rotatedAt: IsoDateTime.nullable(),
  /** Until when the key this one replaced keeps working (a rotation's grace window). */
  previousKeyExpiresAt: IsoDateTime.nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({
  apiKeys: z.array(ApiKeySummary),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The one answer that carries the full key: returned once, at creation. */
export const ApiKeyCreated = z.object({
  apiKey: ApiKeySummary.extend({ key: z.string() }),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyDetail = z.object({ apiKey: ApiKeySummary });
export type ApiKeyDetail = z.infer<typeof ApiKeyDetail>;

/** A rotation's answer: the new key, once, and when the old one stops working. */
export const ApiKeyRotated = z.object({
  apiKey: ApiKeySummary.extend({ key: z.string() }),
  previousKeyExpiresAt: IsoDateTime,
});
export type ApiKeyRotated = z.infer<typeof ApiKeyRotated>;

export const ApiKeyUsageBucket = z.object({
  /** Start of the hour or UTC day. */
  start: IsoDateTime,
  requests: z.number().int(),
  /** Answers with a status of 400 or more, 429s included. */
  errors: z.number().int(),
  rateLimited: z.number().int(),
});
export type ApiKeyUsageBucket = z.infer<typeof ApiKeyUsageBucket>;

/** A key's traffic from the request log: per hour for 24 hours, per UTC day for 30 days. */
export const ApiKeyUsage = z.object({
  hourly: z.array(ApiKeyUsageBucket),
  daily: z.array(ApiKeyUsageBucket),
});
export type ApiKeyUsage = z.infer<typeof ApiKeyUsage>;
