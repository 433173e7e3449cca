import { ADMIN_PREFIX } from './names.js';

/**
 * Single sign-on (OIDC) and the second factor of local accounts: the one home of their paths,
 * cookie, modes and refusal reasons. The gateway, the console, the development IdP's defaults, the
 * demo and the e2e suite import these.
 */

/** Admin API paths of single sign-on, below ADMIN_PREFIX. */
export const SSO_ROUTES = {
  /** What the sign-in screen offers (public). */
  options: '/sso/options',
  /** Starts a sign-in: redirects the browser to the identity provider. */
  login: '/sso/login',
  /** Where the identity provider sends the browser back (the redirect URL operators register). */
  callback: '/sso/callback',
  /** Ends the session and says where the browser goes next (the provider's end-session URL). */
  logout: '/sso/logout',
  /** SSO users' identities and groups, for the Users screen. */
  identities: '/sso/identities',
} as const;

/** The full path of an SSO route, as browsers and the provider see it. */
export const ssoPath = (route: keyof typeof SSO_ROUTES) => `${ADMIN_PREFIX}${SSO_ROUTES[route]}`;

/** Holds state, nonce and PKCE verifier between the redirect and the callback (signed, minutes). */
export const SSO_TRANSACTION_COOKIE = 'ehrgw_sso_tx';

/** The query parameter the callback names a refusal with when it sends the browser to the console. */
export const SSO_REFUSAL_PARAM = 'sso_refused';

/** How people sign in to the console (AUTH_MODE). */
export const AUTH_MODES = ['local', 'sso', 'both'] as const;

/** Why a single sign-on was refused, with the words the refusal page shows. */
export const SSO_REFUSALS = {
  'no-mapped-group': 'Your account is in none of the groups that give access to this console.',
  'domain-not-allowed': 'Your email address is not in a domain this console accepts.',
  'token-invalid': 'The identity provider’s answer could not be verified.',
  'username-taken': 'A local console account already uses your username; ask an administrator.',
  'user-deactivated': 'Your console account has been deactivated; ask an administrator.',
  'provider-error': 'The identity provider could not complete the sign-in.',
  'sso-not-configured': 'Single sign-on is not configured on this gateway.',
} as const;
type Refusal = keyof typeof SSO_REFUSALS;

/** The refusal a string names, if it names one (the console reads it from its URL). */
export const asSsoRefusal = (value: string | null): Refusal | null =>
  value !== null && Object.hasOwn(SSO_REFUSALS, value) ? (value as Refusal) : null;
