import type { SessionUser } from '@ehr-gateway/contracts';
import { LogOut, ShieldCheck } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import { useSignOut } from '../api/sign-out';
import { SecondFactorEnrolment } from './second-factor-enrolment';

/**
 * Under LOCAL_MFA=required a local account without a second factor may do nothing else (the
 * gateway answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED), so this takes the place of every screen
 * until the recovery codes are saved.
 */
export function SecondFactorEnrolmentScreen({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center gap-3 pb-4 text-center">
          <div className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-xl font-semibold">Set up two-step sign-in</h1>
          <CardDescription>
            Welcome, {user.displayName}. This console asks every local account for a code from an
            authenticator app after the password. Set it up to continue.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <SecondFactorEnrolment />
          <Button variant="ghost" className="w-full" onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
