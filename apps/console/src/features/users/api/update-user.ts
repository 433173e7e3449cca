import { adminPath, type UpdateUserBody, type UserSummary } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getUsersQueryOptions } from './get-users';

export function updateUser(id: string, body: UpdateUserBody) {
  return api.patch<UserSummary>(adminPath('user', { id }), body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { queryKey } = getUsersQueryOptions();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKey, (users) =>
        users?.map((item) => (item.id === user.id ? user : item)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
