import { z } from 'zod';

import { TOTP_DIGITS } from './second-factor-names.js';

/** What LOCAL_MFA may say: `required` makes every local account enrol before anything else. */
export const LOCAL_MFA_POLICIES = ['optional', 'required'] as const;
export const LocalMfaPolicy = z.enum(LOCAL_MFA_POLICIES);
export type LocalMfaPolicy = z.infer<typeof LocalMfaPolicy>;

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
