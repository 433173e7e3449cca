import { ADMIN_PREFIX, ApiKeyRotated } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getApiKeysQueryOptions } from './get-api-keys';

/** A new secret for the key, shown once; the old one works until previousKeyExpiresAt. */
export async function rotateApiKey(id: string, graceMinutes: number): Promise<ApiKeyRotated> {
  const answer = await api.post<unknown>(
    `${ADMIN_PREFIX}/api-keys/${encodeURIComponent(id)}/rotate`,
    { graceMinutes },
  );
  return ApiKeyRotated.parse(answer);
}

export function useRotateApiKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (graceMinutes: number) => rotateApiKey(id, graceMinutes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
