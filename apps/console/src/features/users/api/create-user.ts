import { adminPath, type CreateUserBody, type UserCreated } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getUsersQueryOptions } from './get-users';

export function createUser(body: CreateUserBody) {
  return api.post<UserCreated>(adminPath('users'), body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
