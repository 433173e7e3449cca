import type { UserSummary } from '@ehr-gateway/contracts';
import { UserCheck, UserX } from 'lucide-react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useUpdateUser } from '../api/update-user';

/** Deactivating asks first (sessions end at once); reactivating does not. */
export function DeactivateUserButton({ user }: { user: UserSummary }) {
  const update = useUpdateUser();

  function setActive(active: boolean) {
    update.mutate(
      { id: user.id, body: { active } },
      {
        onSuccess: (saved) =>
          toast.success(active ? 'User Reactivated' : 'User Deactivated', {
            description: active
              ? `${saved.displayName} can sign in again.`
              : `${saved.displayName} was signed out everywhere and can no longer sign in.`,
          }),
        onError: (error) =>
          toast.error('Error', {
            description: isApiError(error)
              ? (error.body?.message ?? 'Failed to update the user.')
              : UNEXPECTED_ERROR_MESSAGE,
          }),
      },
    );
  }

  if (!user.active) {
    return (
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Reactivate ${user.displayName}`}
        title="Reactivate"
        disabled={update.isPending}
        onClick={() => setActive(true)}
      >
        <UserCheck aria-hidden="true" />
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          aria-label={`Deactivate ${user.displayName}`}
          title="Deactivate"
        >
          <UserX aria-hidden="true" />
        </Button>
      }
      title="Deactivate User"
      description={`${user.displayName} (${user.username}) is signed out everywhere at once and can no longer sign in. You can reactivate them later; their audit history stays.`}
      confirmLabel="Deactivate"
      onConfirm={() => setActive(false)}
    />
  );
}
