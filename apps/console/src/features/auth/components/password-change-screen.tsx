import type { SessionUser } from '@ehr-gateway/contracts';
import { KeyRound, LogOut } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import { useSignOut } from '../api/sign-out';
import { ChangePasswordForm } from './change-password-form';

/**
 * After signing in with a one-time password, or with a first admin password below today's rules,
 * nothing else is allowed (the gateway answers 403 PASSWORD_CHANGE_REQUIRED), so this takes the
 * place of every screen until the password is changed.
 */
export function PasswordChangeScreen({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center gap-3 pb-4 text-center">
          <div className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <KeyRound aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-xl font-semibold">Choose your password</h1>
          <CardDescription>
            Welcome, {user.displayName}. You signed in with a one-time password; choose your own to
            continue.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <ChangePasswordForm
            username={user.username}
            currentPasswordHint="The password you just signed in with"
          />
          <Button variant="ghost" className="w-full" onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
