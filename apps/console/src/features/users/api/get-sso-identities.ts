import { ssoPath, type SsoIdentity, type SsoIdentityList } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export async function getSsoIdentities(signal?: AbortSignal): Promise<SsoIdentity[]> {
  const { identities } = await api.get<SsoIdentityList>(ssoPath('identities'), { signal });
  return identities;
}

export function getSsoIdentitiesQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'sso-identities'],
    queryFn: ({ signal }) => getSsoIdentities(signal),
  });
}

/** Users who sign in with single sign-on, by user id: their groups at their last sign-in. */
export function useSsoIdentities() {
  return useQuery({
    ...getSsoIdentitiesQueryOptions(),
    select: (identities) => new Map(identities.map((identity) => [identity.userId, identity])),
  });
}
