import { adminPath, type UserList, type UserSummary } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export async function getUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  const { users } = await api.get<UserList>(adminPath('users'), { signal });
  return users;
}

export function getUsersQueryOptions() {
  return queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => getUsers(signal),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to load users. Please try again.' },
    },
  });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
