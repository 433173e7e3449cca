import type { SessionUser } from '@ehr-gateway/contracts';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

import { useSession } from '../api/get-session';
import { PasswordChangeScreen } from './password-change-screen';
import { SecondFactorEnrolmentScreen } from './second-factor-enrolment-screen';
import { SignInScreen } from './sign-in-screen';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-2 text-muted-foreground"
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

/**
 * Renders its children only with a session. Without one the sign-in screen takes the place of
 * the page and the URL stays, so signing in continues where the user was going; after a
 * one-time password, choosing a new one does; under LOCAL_MFA=required, enrolling a second
 * factor does.
 */
export function AuthGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { data: user, isPending, isError, refetch, isFetching } = useSession();

  if (isPending) {
    return <FullPageLoader />;
  }
  if (isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardContent className="space-y-4 pt-5">
            <div className="flex items-start gap-3">
              <CircleAlert
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300"
              />
              <div className="space-y-1">
                <h1 className="font-semibold">Cannot reach the gateway</h1>
                <p className="text-sm text-muted-foreground">
                  The admin API did not answer. Check that the gateway is running, then try again.
                </p>
              </div>
            </div>
            <Button onClick={() => void refetch()} disabled={isFetching} className="w-full">
              Try again
            </Button>
          </CardContent>
        </Card>
      </main>
    );
  }
  if (!user) {
    return <SignInScreen />;
  }
  if (user.mustChangePassword) {
    return <PasswordChangeScreen user={user} />;
  }
  if (user.mustEnrolSecondFactor) {
    return <SecondFactorEnrolmentScreen user={user} />;
  }
  return children(user);
}
