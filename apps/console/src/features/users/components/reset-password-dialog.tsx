import type { UserSummary } from '@ehr-gateway/contracts';
import { KeySquare, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useResetPassword } from '../api/reset-password';
import { OneTimePassword } from './one-time-password';

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
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Reset password of ${user.displayName}`}
          title="Reset password"
        >
          <KeySquare aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{password ? 'Password Reset' : 'Reset Password'}</DialogTitle>
          <DialogDescription>
            {password
              ? `${user.displayName} is signed out everywhere and must sign in with this password.`
              : `${user.displayName} gets a one-time password and is signed out everywhere at once.`}
          </DialogDescription>
        </DialogHeader>
        {password && <OneTimePassword username={user.username} password={password} />}
        <DialogFooter>
          {password ? (
            <Button onClick={() => handleOpenChange(false)}>Close</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => handleOpenChange(false)}>
                Cancel
              </Button>
              <Button onClick={handleConfirm} disabled={reset.isPending}>
                {reset.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                Reset Password
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
