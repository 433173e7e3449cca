import { z } from 'zod';

/** What LOCAL_MFA may say: `required` makes every local account enrol before anything else. */
export const LOCAL_MFA_POLICIES = ['optional', 'required'] as const;
export const LocalMfaPolicy = z.enum(LOCAL_MFA_POLICIES);
export type LocalMfaPolicy = z.infer<typeof LocalMfaPolicy>;

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

/** A code from the authenticator app, or one of the recovery codes. */
export const SecondFactorCode = z
  .string()
  .trim()
  .min(TOTP_DIGITS, `must be the ${TOTP_DIGITS}-digit code or a recovery code`)
  .max(20);

export const SecondFactorEnrolment = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolment>;

export const ConfirmSecondFactorBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `must be the ${TOTP_DIGITS}-digit code`),
});
export type ConfirmSecondFactorBody = z.infer<typeof ConfirmSecondFactorBody>;

/** The one answer that carries the recovery codes. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
