import { adminPath, type CreateApiKeyBody } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { holdKey } from '../lib/held-keys';
import { getApiKeysQueryOptions } from './get-api-keys';

export interface CreatedApiKey {
  /** Null when the answer did not carry one where expected. */
  id: string | null;
  name: string;
  /** The full key, shown once; null when the answer did not carry one where expected. */
  key: string | null;
}

function readId(body: unknown): string | null {
  const apiKey = (body as { apiKey?: { id?: unknown } } | null)?.apiKey;
  return typeof apiKey?.id === 'string' ? apiKey.id : null;
}

function readKey(body: unknown): string | null {
  if (!body || typeof body !== 'object') {
    return null;
  }
  const { apiKey, key } = body as { apiKey?: unknown; key?: unknown };
  if (
    apiKey &&
    typeof apiKey === 'object' &&
    typeof (apiKey as { key?: unknown }).key === 'string'
  ) {
    return (apiKey as { key: string }).key;
  }
  return typeof key === 'string' ? key : null;
}

export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  // Typed as unknown: the key is read defensively (apiKey.key, else key) as the spec asks.
  const answer = await api.post<unknown>(adminPath('apiKeys'), body);
  const created = { id: readId(answer), name: body.name, key: readKey(answer) };
  if (created.id && created.key) {
    holdKey(created.id, created.key);
  }
  return created;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
