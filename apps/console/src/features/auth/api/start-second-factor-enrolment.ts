import { adminPath, type SecondFactorEnrolment } from '@ehr-gateway/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** A new TOTP secret for the signed-in user: its QR code and text, pending until confirmed. */
export function startSecondFactorEnrolment() {
  return api.post<SecondFactorEnrolment>(adminPath('sessionSecondFactor'));
}

export function useStartSecondFactorEnrolment() {
  return useMutation({ mutationFn: startSecondFactorEnrolment });
}
