import { PERMISSIONS, ROLE_LABELS, type Permission } from '@ehr-gateway/contracts';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { useCan, useCurrentUser } from '@/lib/current-user';

/** A screen's content for users who hold the permission; a plain refusal for everyone else. */
export function PermissionRequired({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const allowed = useCan(permission);
  const user = useCurrentUser();
  if (allowed) {
    return children;
  }
  return (
    <EmptyState icon={<Lock />} title="You do not have access to this page">
      Your role ({user ? ROLE_LABELS[user.role] : 'unknown'}) may not {PERMISSIONS[permission]}. Ask
      an administrator if you need it.
    </EmptyState>
  );
}
