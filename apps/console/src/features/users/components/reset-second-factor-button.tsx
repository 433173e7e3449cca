import type { UserSummary } from '@ehr-gateway/contracts';
import { ShieldOff } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';
import { toast } from '@/lib/toast';

import { useResetSecondFactor } from '../api/reset-second-factor';

/** For a lost phone: asks first, then removes the user's second factor and ends their sessions. */
export function ResetSecondFactorButton({ user }: { user: UserSummary }) {
  const reset = useResetSecondFactor();

  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () =>
        toast.success('Two-Step Sign-In Reset', {
          description: `${user.displayName} was signed out everywhere and sets it up again at the next sign-in.`,
        }),
      onError: (error) =>
        toast.error('Error', {
          description: isApiError(error)
            ? (error.body?.message ?? 'Failed to reset two-step sign-in.')
            : UNEXPECTED_ERROR_MESSAGE,
        }),
    });
  }

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Reset two-step sign-in for ${user.displayName}`}
          title="Reset two-step sign-in"
          disabled={reset.isPending}
        >
          <ShieldOff aria-hidden="true" />
        </Button>
      }
      title="Reset Two-Step Sign-In"
      description={`${user.displayName} (${user.username}) loses their authenticator app and recovery codes and is signed out everywhere at once. They sign in with their password and set up two-step sign-in again. Do this only when you are sure it is them asking.`}
      confirmLabel="Reset"
      onConfirm={confirm}
    />
  );
}
