import { adminPath, ApiKeyRotated } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { holdKey } from '../lib/held-keys';
import { getApiKeysQueryOptions } from './get-api-keys';

/** A new secret for the key, shown once; the old one works until previousKeyExpiresAt. */
export async function rotateApiKey(id: string, graceMinutes: number): Promise<ApiKeyRotated> {
  const answer = await api.post<unknown>(adminPath('apiKeyRotate', { id }), { graceMinutes });
  const rotated = ApiKeyRotated.parse(answer);
  holdKey(id, rotated.apiKey.key);
  return rotated;
}

export function useRotateApiKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (graceMinutes: number) => rotateApiKey(id, graceMinutes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
