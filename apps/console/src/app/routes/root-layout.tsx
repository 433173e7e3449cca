import { Outlet, useNavigation } from 'react-router';

import { ROLE_LABELS } from '@ehr-gateway/contracts';

import { Shell } from '@/components/layout/shell';
import { NotificationsMenu } from '@/features/alerts/components/notifications-menu';
import { useSignOut } from '@/features/auth/api/sign-out';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { EnvironmentBadge } from '@/features/system/components/environment-badge';
import { CurrentUserProvider } from '@/lib/current-user';

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
        <CurrentUserProvider user={user}>
          <Shell
            displayName={user.displayName}
            userDetail={`${user.username} · ${ROLE_LABELS[user.role]}${user.phiAccess ? ' · PHI access' : ''}`}
            onSignOut={() => signOut.mutate()}
            environmentBadge={<EnvironmentBadge />}
            notifications={<NotificationsMenu />}
          >
            <NavigationProgress />
            <Outlet />
          </Shell>
        </CurrentUserProvider>
      )}
    </AuthGate>
  );
}
