import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { PracticeId } from './gateway-config.js';

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
] as const;
export type ApiKeyRefusalCode = (typeof API_KEY_REFUSALS)[number]['code'];

export const API_KEY_NAME_MAX = 100;

/** The practices a key may call; absent or null means any practice the gateway serves. */
export const ApiKeyPracticeIds = z
  .array(PracticeId)
  .min(1, 'practiceIds: name at least one practice, or leave it out for any')
  .max(50)
  .transform((ids) => [...new Set(ids)]);

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(API_KEY_NAME_MAX),
  /** When the key stops working; absent or null means never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  practiceIds: ApiKeyPracticeIds.nullish(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

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
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({
  apiKeys: z.array(ApiKeySummary),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The one answer that carries the full key: returned once, at creation. */
export const ApiKeyCreated = z.object({
  apiKey: z.object({
    id: z.string(),
    name: z.string(),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime.nullable(),
    practiceIds: z.array(z.string()).nullable(),
    key: z.string(),
  }),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
