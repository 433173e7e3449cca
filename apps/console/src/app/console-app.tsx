import { lazy, Suspense } from 'react';

import { AuthGate, FullPageLoader } from '@/features/auth/components/auth-gate';

import type { RouterFactory } from './signed-in-console';

const SignedInConsole = lazy(() => import('./signed-in-console'));

/**
 * The console: the sign-in screen until there is a session, then the signed-in console, whose
 * router keeps the URL the user came with, so signing in continues where they were going.
 */
export function ConsoleApp({ createRouter }: { createRouter?: RouterFactory }) {
  return (
    <AuthGate>
      {(user) => (
        <Suspense fallback={<FullPageLoader />}>
          <SignedInConsole user={user} createRouter={createRouter} />
        </Suspense>
      )}
    </AuthGate>
  );
}
