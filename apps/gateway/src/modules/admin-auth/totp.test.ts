import { describe, expect, it } from 'vitest';

import { RECOVERY_CODE_COUNT } from '@ehr-gateway/contracts';

import { newRecoveryCodes, newTotpEnrolment, recoveryCodeHash, totpStepOf } from './totp.js';

/** RFC 6238 appendix B's SHA-1 seed, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  // Appendix B's 8-digit values; a 6-digit code is the same number modulo 10^6.
  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('accepts the test vector at T=%i and names its time step', (seconds, eightDigits) => {
    const at = new Date(seconds * 1000);
    expect(totpStepOf(RFC_SECRET, eightDigits.slice(2), at)).toBe(Math.floor(seconds / 30));
  });

  it('takes the neighbouring steps for a drifting phone, and nothing further', () => {
    const at = new Date(1_111_111_109 * 1000);
    const step = Math.floor(1_111_111_109 / 30);
    expect(totpStepOf(RFC_SECRET, '081804', new Date(at.getTime() + 30_000))).toBe(step);
    expect(totpStepOf(RFC_SECRET, '081804', new Date(at.getTime() + 90_000))).toBeNull();
    expect(totpStepOf(RFC_SECRET, '081805', at)).toBeNull();
    expect(totpStepOf(RFC_SECRET, '81804', at)).toBeNull();
  });

  it('enrols with a 160-bit secret, an otpauth URI naming the user, and an SVG QR code', async () => {
    const enrolment = await newTotpEnrolment('dana');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('EHR API Gateway:dana');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(enrolment.qrSvg).toMatch(/^<svg[^>]*>/);
  });

  it('makes ten distinct recovery codes, found again whatever their case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code] = codes as [string];
    expect(recoveryCodeHash(` ${code.toUpperCase().replace('-', '')} `)).toBe(
      recoveryCodeHash(code),
    );
  });
});
