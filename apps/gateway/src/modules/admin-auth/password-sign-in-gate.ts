import type { AuthMode } from '@ehr-gateway/contracts';

/** What AUTH_MODE lets a password sign-in for this username do. */
export type PasswordGate = (username: string) => 'allowed' | 'refused' | 'break-glass';

/**
 * In `sso` mode passwords are refused for everyone but the break-glass admin, whose every use is
 * recorded; in `local` and `both` they work as ever.
 */
export function passwordGateFor(authMode: AuthMode, breakGlassUsername?: string): PasswordGate {
  return (username) => {
    if (authMode !== 'sso') {
      return 'allowed';
    }
    return breakGlassUsername && username.toLowerCase() === breakGlassUsername.toLowerCase()
      ? 'break-glass'
      : 'refused';
  };
}
