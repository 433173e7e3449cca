import { z } from 'zod';

import { IsoDateTime } from './common.js';

export const API_KEY_NAME_MAX = 100;

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(API_KEY_NAME_MAX),
  /** When the key stops working; absent or null means never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
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
    key: z.string(),
  }),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
