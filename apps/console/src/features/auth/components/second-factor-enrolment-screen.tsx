import type { SessionUser } from '@ehr-gateway/contracts';
import { ShieldCheck } from 'lucide-react';

import { GateScreen } from './gate-screen';
import { SecondFactorEnrolment } from './second-factor-enrolment';

/**
 * Under LOCAL_MFA=required a local account without a second factor may do nothing else (the
 * gateway answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED), so this takes the place of every screen
 * until the recovery codes are saved.
 */
export function SecondFactorEnrolmentScreen({ user }: { user: SessionUser }) {
  return (
    <GateScreen
      icon={ShieldCheck}
      title="Set up two-step sign-in"
      description={
        <>
          Welcome, {user.displayName}. This console asks every local account for a code from an
          authenticator app after the password. Set it up to continue.
        </>
      }
    >
      <SecondFactorEnrolment />
    </GateScreen>
  );
}
