import { randomBytes } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type SecondFactorEnrolment,
} from '@ehr-gateway/contracts';

import { hashToken } from '../../lib/secrets.js';

/** What authenticator apps show above the code. */
const ISSUER = 'EHR API Gateway';
/** A code from the step before or after is still taken: phones' clocks drift. */
const WINDOW_STEPS = 1;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A fresh 160-bit secret (RFC 4226's recommended length), its otpauth URI and QR code. */
export async function newTotpEnrolment(username: string): Promise<SecondFactorEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUri = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

/**
 * The time step a code is valid for at `at`, or null when it is valid for none in the window. The
 * caller refuses a step at or before the last one used, so each code works once.
 */
export function totpStepOf(secretBase32: string, code: string, at: Date): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) {
    return null;
  }
  const timestamp = at.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten codes of ten letters and digits (about 49 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map(
      (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** How a recovery code is stored and looked up: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (code: string) =>
  hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
