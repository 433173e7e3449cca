import { adminPath, type AuditVerification } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function verifyAuditChain(signal?: AbortSignal) {
  return api.get<AuditVerification>(adminPath('auditVerify'), { signal });
}

export function getAuditVerificationQueryOptions() {
  return queryOptions({
    queryKey: ['audit', 'verification'],
    queryFn: ({ signal }) => verifyAuditChain(signal),
    // Walking the whole chain is work for the database: once a minute is plenty.
    staleTime: 60_000,
  });
}

export function useAuditVerification() {
  return useQuery(getAuditVerificationQueryOptions());
}
