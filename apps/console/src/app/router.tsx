import { createBrowserRouter } from 'react-router';

import { FullPageLoader } from '@/features/auth/components/auth-gate';

import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

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
        path: 'endpoints',
        lazy: async () => ({ Component: (await import('./routes/endpoints')).EndpointsRoute }),
      },
      {
        path: 'logs',
        lazy: async () => ({ Component: (await import('./routes/logs')).LogsRoute }),
      },
      {
        path: 'api-keys',
        lazy: async () => ({ Component: (await import('./routes/api-keys')).ApiKeysRoute }),
      },
      {
        path: 'configuration',
        lazy: async () => ({
          Component: (await import('./routes/configuration')).ConfigurationRoute,
        }),
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
