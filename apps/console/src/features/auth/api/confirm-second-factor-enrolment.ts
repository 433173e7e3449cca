import {
  adminPath,
  type ConfirmSecondFactorBody,
  type RecoveryCodes,
} from '@ehr-gateway/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The first code confirms the pending secret; the answer carries the recovery codes, once. */
export function confirmSecondFactorEnrolment(body: ConfirmSecondFactorBody) {
  return api.post<RecoveryCodes>(adminPath('sessionSecondFactorConfirm'), body);
}

/**
 * The signed-in user is not refreshed here: under LOCAL_MFA=required that would swap the
 * enrolment screen for the console before the recovery codes were saved. The caller refreshes
 * the session once they are (refreshSession).
 */
export function useConfirmSecondFactorEnrolment() {
  return useMutation({ mutationFn: confirmSecondFactorEnrolment });
}
