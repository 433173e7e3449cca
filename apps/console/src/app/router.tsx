import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import { createBrowserRouter } from 'react-router';

import { FullPageLoader } from '@/features/auth/components/auth-gate';

import { loadNotFoundPage, PAGE_CHUNKS, type PageModule } from './page-chunks';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** A console path as a child of the root route: without its leading slash. */
const childPath = (path: string) => path.slice(1);

/** A route's lazy part: its screen component, from the screen's own chunk. */
const page = (load: () => Promise<PageModule>) => async () => ({
  Component: (await load()).Component,
});

// Each screen is its own chunk, so the first screen downloads only what it shows.
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      { index: true, lazy: page(PAGE_CHUNKS.dashboard) },
      { path: childPath(CONSOLE_PATHS.endpoints), lazy: page(PAGE_CHUNKS.endpoints) },
      { path: childPath(CONSOLE_PATHS.logs), lazy: page(PAGE_CHUNKS.logs) },
      // One entry, opened over the list: a link to it can be shared.
      { path: `${childPath(CONSOLE_PATHS.logs)}/:logId`, lazy: page(PAGE_CHUNKS.logs) },
      { path: childPath(CONSOLE_PATHS.metrics), lazy: page(PAGE_CHUNKS.metrics) },
      { path: childPath(CONSOLE_PATHS.apiKeys), lazy: page(PAGE_CHUNKS.apiKeys) },
      { path: childPath(CONSOLE_PATHS.configuration), lazy: page(PAGE_CHUNKS.configuration) },
      { path: childPath(CONSOLE_PATHS.users), lazy: page(PAGE_CHUNKS.users) },
      { path: childPath(CONSOLE_PATHS.audit), lazy: page(PAGE_CHUNKS.audit) },
      { path: childPath(CONSOLE_PATHS.webhooks), lazy: page(PAGE_CHUNKS.webhooks) },
      { path: childPath(CONSOLE_PATHS.account), lazy: page(PAGE_CHUNKS.account) },
      { path: '*', lazy: page(loadNotFoundPage) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
