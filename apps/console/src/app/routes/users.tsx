import { Page } from '@/components/page';
import { PermissionRequired } from '@/components/permission-required';
import { CreateUserDialog } from '@/features/users/components/create-user-dialog';
import { UsersCard } from '@/features/users/components/users-card';
import { useCan } from '@/lib/current-user';

export function UsersRoute() {
  const canManage = useCan('users:manage');
  return (
    <Page
      title="Users"
      description="Who can sign in to this console, their role, and whether they may see patient data."
      actions={canManage ? <CreateUserDialog /> : undefined}
    >
      <PermissionRequired permission="users:read">
        <UsersCard />
      </PermissionRequired>
    </Page>
  );
}
