import { Outlet, useNavigation } from 'react-router';

import { ROLE_LABELS } from '@ehr-gateway/contracts';

import { Shell } from '@/components/layout/shell';
import { NotificationsMenu } from '@/features/alerts/components/notifications-menu';
import { useSignOut } from '@/features/auth/api/sign-out';
import { EnvironmentBadge } from '@/features/system/components/environment-badge';
import { useCurrentUser } from '@/lib/current-user';

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

/** The console around every page: sidebar, header, menus and notifications. */
export function RootLayout() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  if (!user) {
    throw new Error('RootLayout renders inside SignedInConsole, which provides the user');
  }
  return (
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
  );
}
