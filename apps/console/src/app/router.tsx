import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import { createBrowserRouter } from 'react-router';

import { FullPageLoader } from '@/features/auth/components/auth-gate';

import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** A console path as a child of the root route: without its leading slash. */
const childPath = (path: string) => path.slice(1);

// Each screen is its own chunk, so the first screen downloads only what it shows.
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.endpoints),
        lazy: async () => ({ Component: (await import('./routes/endpoints')).EndpointsRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.logs),
        lazy: async () => ({ Component: (await import('./routes/logs')).LogsRoute }),
      },
      {
        // One entry, opened over the list: a link to it can be shared.
        path: `${childPath(CONSOLE_PATHS.logs)}/:logId`,
        lazy: async () => ({ Component: (await import('./routes/logs')).LogsRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.metrics),
        lazy: async () => ({ Component: (await import('./routes/metrics')).MetricsRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.apiKeys),
        lazy: async () => ({ Component: (await import('./routes/api-keys')).ApiKeysRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.configuration),
        lazy: async () => ({
          Component: (await import('./routes/configuration')).ConfigurationRoute,
        }),
      },
      {
        path: childPath(CONSOLE_PATHS.users),
        lazy: async () => ({ Component: (await import('./routes/users')).UsersRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.audit),
        lazy: async () => ({ Component: (await import('./routes/audit')).AuditRoute }),
      },
      {
        path: childPath(CONSOLE_PATHS.account),
        lazy: async () => ({ Component: (await import('./routes/account')).AccountRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
