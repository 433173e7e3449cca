import type { Permission, SessionUser } from '@ehr-gateway/contracts';
import { createContext, useContext, type ReactNode } from 'react';

const CurrentUserContext = createContext<SessionUser | null>(null);

/** The signed-in user for every screen below; set once by the root layout. */
export function CurrentUserProvider({
  user,
  children,
}: {
  user: SessionUser;
  children: ReactNode;
}) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user; null outside the signed-in shell (tests rendering one card, say). */
export function useCurrentUser(): SessionUser | null {
  return useContext(CurrentUserContext);
}

/**
 * Whether the signed-in user holds a permission. The console hides or disables what it is false
 * for; the gateway refuses it either way. Outside a signed-in shell everything is allowed, so a
 * card rendered alone shows all it can do.
 */
export function useCan(permission: Permission): boolean {
  const user = useCurrentUser();
  return user === null || user.permissions.includes(permission);
}
