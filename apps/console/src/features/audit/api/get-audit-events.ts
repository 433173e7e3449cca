import { adminPath, type AuditExportQuery, type AuditPage } from '@ehr-gateway/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api, buildUrl } from '@/lib/api-client';

/** The Audit Log screen's filters, as the admin API takes them. */
export type AuditFilters = AuditExportQuery;

const PAGE_SIZE = 50;

export function getAuditEvents(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return api.get<AuditPage>(adminPath('audit'), {
    params: { ...filters, limit: PAGE_SIZE, cursor },
    signal,
  });
}

export function getAuditEventsQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', 'events', filters],
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: {
      errorToast: {
        title: 'Error',
        description: 'Failed to load the audit log. Please try again.',
      },
    },
  });
}

export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery({
    ...getAuditEventsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** The filtered trail as CSV: a plain download, so the browser streams it to a file. */
export function auditExportUrl(filters: AuditFilters) {
  return buildUrl(adminPath('auditExport'), filters);
}
