import { adminPath, type LogEntryDetail } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * One entry. With `showPhi` (users with PHI access, entries captured in full) the bodies come
 * decrypted, and the gateway records that in the audit log.
 */
export function getLog(id: string, showPhi: boolean, signal?: AbortSignal) {
  return api.get<LogEntryDetail>(adminPath('log', { id }), {
    params: showPhi ? { showPhi: true } : undefined,
    signal,
  });
}

export function getLogQueryOptions(id: string, showPhi = false) {
  return queryOptions({
    queryKey: ['logs', 'detail', id, { showPhi }],
    queryFn: ({ signal }) => getLog(id, showPhi, signal),
    // A written entry changes only when payload retention removes its bodies.
    staleTime: Infinity,
    // Patient data is not kept in the page once nobody looks at it; each look is audited anew.
    gcTime: showPhi ? 0 : undefined,
  });
}

export function useLog(id: string | null, showPhi = false) {
  return useQuery({ ...getLogQueryOptions(id ?? '', showPhi), enabled: id !== null });
}
