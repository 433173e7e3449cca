import {
  adminPath,
  ApiKeyDetail,
  type ApiKeySummary,
  type UpdateApiKeyBody,
} from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getApiKeysQueryOptions } from './get-api-keys';

export async function updateApiKey(id: string, body: UpdateApiKeyBody): Promise<ApiKeySummary> {
  const answer = await api.patch<unknown>(adminPath('apiKey', { id }), body);
  return ApiKeyDetail.parse(answer).apiKey;
}

export function useUpdateApiKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApiKeyBody) => updateApiKey(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
}
