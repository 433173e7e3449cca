import { adminPath } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getSessionsQueryOptions } from './get-sessions';

export function revokeSession(id: string) {
  return api.delete(adminPath('sessionById', { id }));
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  const { queryKey } = getSessionsQueryOptions();
  return useMutation({
    mutationFn: revokeSession,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (sessions) => sessions?.filter((s) => s.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
