/**
 * Stands where an SSO user's password hash would: not a scrypt encoding, so no password ever
 * verifies against it (verifyPassword refuses anything else) and SSO users have no local password.
 */
export const NO_LOCAL_PASSWORD = 'sso$no-local-password';
