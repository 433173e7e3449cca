/**
 * The second factor's constants, apart from its schemas (second-factor.ts) so the console's entry,
 * which the sign-in screen and every signed-in page load first, carries no zod.
 */

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many single-use recovery codes an enrolment hands out (shown once). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The error codes the sign-in and the admin API answer about the second factor (the console picks
 * its next screen from them). Its routes are in ADMIN_ROUTES.
 */
export const SECOND_FACTOR_ERRORS = {
  /** 401 at sign-in: the password was right; now the code. */
  required: 'SECOND_FACTOR_REQUIRED',
  /** 401 at sign-in: the code was wrong or already used. */
  invalid: 'INVALID_SECOND_FACTOR',
  /** 403 on any other route: LOCAL_MFA=required and none enrolled yet. */
  enrolmentRequired: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
} as const;
