import type { SsoIdentity, UserSummary } from '@ehr-gateway/contracts';
import { Users } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan, useCurrentUser } from '@/lib/current-user';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

import { useSsoIdentities } from '../api/get-sso-identities';
import { useUsers } from '../api/get-users';
import { DeactivateUserButton } from './deactivate-user-button';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { ResetSecondFactorButton } from './reset-second-factor-button';
import { PhiBadge, RoleBadge } from './role-badge';

function UsersSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading users" className="divide-y rounded-lg border">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="flex items-center gap-3 p-3">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="size-8" />
        </li>
      ))}
    </ul>
  );
}

function UserRow({
  user,
  sso,
  canManage,
  isMe,
}: {
  user: UserSummary;
  /** Present for a user who signs in with single sign-on. */
  sso: SsoIdentity | undefined;
  canManage: boolean;
  isMe: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium">{user.displayName}</p>
          <RoleBadge role={user.role} />
          {user.phiAccess && <PhiBadge />}
          {!user.active && <Badge variant="error">Deactivated</Badge>}
          {user.active && user.mustChangePassword && (
            <Badge variant="outline">Awaiting first sign-in</Badge>
          )}
          <Badge variant="outline">{sso ? 'SSO' : 'Local'}</Badge>
          {user.secondFactor && <Badge variant="success">Two-step</Badge>}
          {isMe && <Badge variant="outline">You</Badge>}
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span className="font-mono">{user.username}</span>
          <span title={user.lastSignInAt ? formatDateTime(user.lastSignInAt) : undefined}>
            {user.lastSignInAt
              ? `Last sign-in ${formatRelativeTime(user.lastSignInAt)}`
              : 'Never signed in'}
          </span>
          {sso && <span>Groups: {sso.groups.length > 0 ? sso.groups.join(', ') : 'none'}</span>}
        </p>
      </div>
      {canManage && (
        <div className="flex items-center gap-1">
          <EditUserDialog user={user} />
          {!sso && <ResetPasswordDialog user={user} />}
          {user.secondFactor && <ResetSecondFactorButton user={user} />}
          <DeactivateUserButton user={user} />
        </div>
      )}
    </li>
  );
}

export function UsersCard() {
  const { data: users, isPending, isError } = useUsers();
  const { data: identities } = useSsoIdentities();
  const canManage = useCan('users:manage');
  const me = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Console Users</CardTitle>
        <CardDescription>
          Everyone who can sign in to this console, with their role and whether they may see patient
          data.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <UsersSkeleton />
        ) : isError || !users?.length ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <Users aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              {isError ? 'Failed to load users.' : 'No users yet.'}
            </p>
          </div>
        ) : (
          <ul aria-label="Users" className="divide-y rounded-lg border">
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                sso={identities?.get(user.id)}
                canManage={canManage}
                isMe={user.id === me?.id}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
