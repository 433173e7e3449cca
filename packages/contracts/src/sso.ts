import { z } from 'zod';

import { IsoDateTime, Uuid } from './common.js';
import { AUTH_MODES, SSO_REFUSALS } from './sso-names.js';

type SsoRefusalName = keyof typeof SSO_REFUSALS;

/** The schemas of single sign-on's answers; the names they use are in sso-names.ts. */
export const AuthMode = z.enum(AUTH_MODES);
export type AuthMode = z.infer<typeof AuthMode>;

export const SsoRefusal = z.enum(
  Object.keys(SSO_REFUSALS) as [SsoRefusalName, ...SsoRefusalName[]],
);
export type SsoRefusal = z.infer<typeof SsoRefusal>;

export const SignInOptions = z.object({
  authMode: AuthMode,
  /** Present when single sign-on is configured. */
  sso: z.object({ displayName: z.string(), loginUrl: z.string() }).nullable(),
  /** Whether the password form is offered (false in `sso` mode, where only break-glass uses it). */
  passwordSignIn: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

export const SsoLogoutResponse = z.object({
  /** The provider's end-session URL when the user signed in with it; null: back to sign-in. */
  redirectTo: z.string().nullable(),
});
export type SsoLogoutResponse = z.infer<typeof SsoLogoutResponse>;

export const SsoIdentity = z.object({
  userId: Uuid,
  email: z.string().nullable(),
  groups: z.array(z.string()),
  syncedAt: IsoDateTime,
});
export type SsoIdentity = z.infer<typeof SsoIdentity>;

export const SsoIdentityList = z.object({ identities: z.array(SsoIdentity) });
export type SsoIdentityList = z.infer<typeof SsoIdentityList>;
