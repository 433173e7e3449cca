import { adminPath, type ApiKeySummary } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

import { api } from '@/lib/api-client';

import { forgetKey } from '../lib/held-keys';
import { getApiKeysQueryOptions } from './get-api-keys';

export async function deleteApiKey(id: string) {
  await api.delete(adminPath('apiKey', { id }));
  forgetKey(id);
}

/** Removes the key from the list at once; if the server refuses, a refetch restores it. */
export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  const { queryKey } = getApiKeysQueryOptions();
  return useMutation({
    mutationFn: (key: Pick<ApiKeySummary, 'id' | 'name'>) => deleteApiKey(key.id),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (keys) => keys?.filter((item) => item.id !== key.id));
    },
    onSuccess: (_data, key) => {
      toast.success('API Key Deleted', {
        description: `The API key "${key.name}" has been deleted.`,
      });
    },
    onError: () => {
      toast.error('Error', { description: 'Failed to delete API key. Please try again.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
