import { useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import type { SessionUser } from '@ehr-gateway/contracts';

import { CurrentUserProvider } from '@/lib/current-user';

import { createRouter, routes } from './router';

type ConsoleRouter = ReturnType<typeof createBrowserRouter>;
export type RouterFactory = (consoleRoutes: typeof routes) => ConsoleRouter;

/**
 * The browser's router, made on the first signed-in render and kept through a sign-out: it starts
 * loading the page's chunk the moment it exists, so it must not exist before there is a session.
 */
let browserRouter: ConsoleRouter | null = null;

/**
 * Everything behind the sign-in: the router, its pages and the shell. A chunk of its own, so the
 * sign-in screen downloads none of it.
 */
export default function SignedInConsole({
  user,
  createRouter: createOtherRouter,
}: {
  user: SessionUser;
  /** Another router over the same routes (tests use a memory router). */
  createRouter?: RouterFactory;
}) {
  const [router] = useState(() =>
    createOtherRouter ? createOtherRouter(routes) : (browserRouter ??= createRouter()),
  );
  return (
    <CurrentUserProvider user={user}>
      <RouterProvider router={router} />
    </CurrentUserProvider>
  );
}
