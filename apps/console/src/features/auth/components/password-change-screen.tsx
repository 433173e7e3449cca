import type { SessionUser } from '@ehr-gateway/contracts';
import { KeyRound } from 'lucide-react';

import { ChangePasswordForm } from './change-password-form';
import { GateScreen } from './gate-screen';

/**
 * After signing in with a one-time password, or with a first admin password below today's rules,
 * nothing else is allowed (the gateway answers 403 PASSWORD_CHANGE_REQUIRED), so this takes the
 * place of every screen until the password is changed.
 */
export function PasswordChangeScreen({ user }: { user: SessionUser }) {
  return (
    <GateScreen
      icon={KeyRound}
      title="Choose your password"
      description={
        <>
          Welcome, {user.displayName}. You signed in with a one-time password; choose your own to
          continue.
        </>
      }
    >
      <ChangePasswordForm
        username={user.username}
        currentPasswordHint="The password you just signed in with"
      />
    </GateScreen>
  );
}
