import type { SessionUser } from '@ehr-gateway/contracts';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TWO_STEP_SIGN_IN_ANCHOR } from '@/lib/console-links';

import { SecondFactorEnrolment } from './second-factor-enrolment';

/** The signed-in user's TOTP second factor: on (and how to lose it), or how to turn it on. */
export function TwoStepSignInCard({ user }: { user: SessionUser }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${TWO_STEP_SIGN_IN_ANCHOR}`) {
      ref.current?.scrollIntoView({ block: 'start' });
    }
  }, [hash]);

  return (
    <Card ref={ref} id={TWO_STEP_SIGN_IN_ANCHOR} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-Step Sign-In
          <Badge variant={user.secondFactor ? 'success' : 'secondary'}>
            {user.secondFactor ? 'On' : 'Off'}
          </Badge>
        </CardTitle>
        <CardDescription>
          After your password, a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {user.secondFactor ? (
          <p className="flex items-start gap-2 text-muted-foreground">
            <ShieldCheck
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400"
            />
            Each sign-in asks for the code your app shows, or one of your recovery codes. Lost your
            phone and your codes? An administrator can reset it, and you set it up again.
          </p>
        ) : (
          <SecondFactorEnrolment />
        )}
      </CardContent>
    </Card>
  );
}
