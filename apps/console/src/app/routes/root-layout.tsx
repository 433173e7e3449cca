import { Outlet, useNavigation } from 'react-router';

import { Shell } from '@/components/layout/shell';
import { useSignOut } from '@/features/auth/api/sign-out';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { EnvironmentBadge } from '@/features/system/components/environment-badge';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') {
    return null;
  }
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary dark:bg-blue-400"
    />
  );
}

export function RootLayout() {
  const signOut = useSignOut();
  return (
    <AuthGate>
      {(user) => (
        <Shell
          displayName={user.displayName}
          onSignOut={() => signOut.mutate()}
          environmentBadge={<EnvironmentBadge />}
        >
          <NavigationProgress />
          <Outlet />
        </Shell>
      )}
    </AuthGate>
  );
}
