import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

type ConsolePage = keyof typeof CONSOLE_PATHS;

/** A screen's chunk: its component and, for a screen worth it, the data it asks for first. */
export interface PageModule {
  Component: ComponentType;
  /** Starts the screen's first queries, so they run while React is still rendering the shell. */
  prefetch?: (client: QueryClient) => void;
}

/**
 * Each screen's chunk, by console page. The router loads a screen through this table, and the
 * entry starts the first screen's chunk as soon as the session says who is signed in, so the
 * chunk downloads beside the signed-in console instead of after it.
 */
export const PAGE_CHUNKS = {
  dashboard: async () => {
    const { DashboardRoute, prefetchDashboard } = await import('./routes/dashboard');
    return { Component: DashboardRoute, prefetch: prefetchDashboard };
  },
  endpoints: async () => ({ Component: (await import('./routes/endpoints')).EndpointsRoute }),
  logs: async () => ({ Component: (await import('./routes/logs')).LogsRoute }),
  metrics: async () => ({ Component: (await import('./routes/metrics')).MetricsRoute }),
  apiKeys: async () => ({ Component: (await import('./routes/api-keys')).ApiKeysRoute }),
  configuration: async () => ({
    Component: (await import('./routes/configuration')).ConfigurationRoute,
  }),
  users: async () => ({ Component: (await import('./routes/users')).UsersRoute }),
  audit: async () => ({ Component: (await import('./routes/audit')).AuditRoute }),
  account: async () => ({ Component: (await import('./routes/account')).AccountRoute }),
} satisfies Record<ConsolePage, () => Promise<PageModule>>;

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
 * Starts downloading the chunk of the screen at `pathname` (the 404 screen's when none), then
 * that screen's first queries.
 */
export function preloadPageAt(pathname: string, client: QueryClient): void {
  const page = consolePageAt(pathname);
  (page ? PAGE_CHUNKS[page]() : loadNotFoundPage())
    .then((module: PageModule) => module.prefetch?.(client))
    .catch(() => {
      // The router asks again when it renders the page, and shows the error then.
    });
}
