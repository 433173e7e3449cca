import type { UserSummary } from '@ehr-gateway/contracts';
import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useResetPassword } from '../api/reset-password';
import { OneTimePasswordShown } from './one-time-password';

/** Asks first; then shows the new one-time password once. The user's sessions end. */
export function ResetPasswordDialog({ user }: { user: UserSummary }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const reset = useResetPassword();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword(null);
      reset.reset();
    }
  }

  function handleConfirm() {
    reset.mutate(user.id, {
      onSuccess: ({ oneTimePassword }) => setPassword(oneTimePassword),
      onError: (error) =>
        toast.error('Error', {
          description: isApiError(error)
            ? (error.body?.message ?? 'Failed to reset the password.')
            : UNEXPECTED_ERROR_MESSAGE,
        }),
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Reset password of ${user.displayName}`}
          title="Reset password"
        >
          <KeySquare aria-hidden="true" />
        </Button>
      }
      title="Reset Password"
      description={`${user.displayName} gets a one-time password and is signed out everywhere at once.`}
      submitLabel="Reset Password"
      pending={reset.isPending}
      canSubmit
      onSubmit={handleConfirm}
      done={
        password === null ? undefined : (
          <OneTimePasswordShown
            title="Password Reset"
            description={`${user.displayName} is signed out everywhere and must sign in with this password.`}
            username={user.username}
            password={password}
            onClose={() => handleOpenChange(false)}
          />
        )
      }
    />
  );
}
