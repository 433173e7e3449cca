import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import { getEhrStatusQueryOptions } from '@/features/ehr-status/api/get-ehr-status';
import { getUptimeQueryOptions } from '@/features/ehr-status/api/get-uptime';

type ConsolePage = keyof typeof CONSOLE_PATHS;

/** A screen's chunk: its component. */
export interface PageModule {
  Component: ComponentType;
}

/**
 * Each screen's chunk, by console page. The router loads a screen through this table, and the
 * entry starts the first screen's chunk as soon as the session says who is signed in, so the
 * chunk downloads beside the signed-in console instead of after it.
 */
export const PAGE_CHUNKS = {
  dashboard: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
  endpoints: async () => ({ Component: (await import('./routes/endpoints')).EndpointsRoute }),
  logs: async () => ({ Component: (await import('./routes/logs')).LogsRoute }),
  metrics: async () => ({ Component: (await import('./routes/metrics')).MetricsRoute }),
  apiKeys: async () => ({ Component: (await import('./routes/api-keys')).ApiKeysRoute }),
  configuration: async () => ({
    Component: (await import('./routes/configuration')).ConfigurationRoute,
  }),
  users: async () => ({ Component: (await import('./routes/users')).UsersRoute }),
  audit: async () => ({ Component: (await import('./routes/audit')).AuditRoute }),
  webhooks: async () => ({ Component: (await import('./routes/webhooks')).WebhooksRoute }),
  account: async () => ({ Component: (await import('./routes/account')).AccountRoute }),
} satisfies Record<ConsolePage, () => Promise<PageModule>>;

/**
 * The queries a screen's largest text waits for, started with its chunk rather than after it:
 * on the Dashboard that is the Athena card's line, from the EHR status. Only small query modules
 * belong here, since the entry (and so the sign-in page) carries them.
 */
const FIRST_QUERIES: Partial<Record<ConsolePage, (client: QueryClient) => void>> = {
  dashboard: (client) => {
    void client.prefetchQuery(getEhrStatusQueryOptions());
    void client.prefetchQuery(getUptimeQueryOptions());
  },
};

export const loadNotFoundPage = async (): Promise<PageModule> => ({
  Component: (await import('./routes/not-found')).NotFoundRoute,
});

/** The console page a browser path opens (a screen's own sub-paths included), if any. */
export function consolePageAt(pathname: string): ConsolePage | null {
  const pages = Object.entries(CONSOLE_PATHS) as Array<[ConsolePage, string]>;
  const match = pages.find(([, path]) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`),
  );
  return match ? match[0] : null;
}

/**
 * Starts the queries the largest text of the screen at `pathname` waits for and, beside them, the
 * download of its chunk (the 404 screen's when none). The queries go first: on HTTP/1.1 the
 * browser opens six connections to the gateway, and a small answer queued behind a dozen chunks
 * arrived 1.5 s after it was asked for (bench:console, a loaded machine).
 */
export function preloadPageAt(pathname: string, client: QueryClient): void {
  const page = consolePageAt(pathname);
  if (page) {
    FIRST_QUERIES[page]?.(client);
  }
  (page ? PAGE_CHUNKS[page]() : loadNotFoundPage()).catch(() => {
    // The router asks again when it renders the page, and shows the error then.
  });
}
