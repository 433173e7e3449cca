import type { PatientDetail } from '@ehr-gateway/contracts';

import { spokenResult } from '../spoken.js';
import type { PatientData, ToolFn, ToolKit } from './tool-kit.js';

export const digitsOf = (phone: string | null | undefined) =>
  (phone ?? '').replace(/\D/g, '').slice(-10);

/** Finds the caller by name and date of birth (and phone, when two share them). */
export function verifyPatientTool(kit: ToolKit): ToolFn<'verify_patient'> {
  return async (args, caller, _call, ctx) => {
    const { client, practiceId } = await kit.practiceOf(caller.tenantId);
    let matches: PatientDetail[] = await client.findPatients(
      practiceId,
      { firstName: args.firstName, lastName: args.lastName, dob: args.dob },
      ctx,
    );
    if (matches.length > 1 && args.phone) {
      const phone = digitsOf(args.phone);
      matches = matches.filter((patient) => digitsOf(patient.phone) === phone);
    }
    if (matches.length === 0) {
      return spokenResult(
        "I couldn't find you with that name and date of birth. Could you spell your last name for me? If you're new to the practice, I can register you now.",
        { verified: false, reason: 'not_found', offer: 'register_patient' },
      );
    }
    if (matches.length > 1) {
      return spokenResult(
        'I found more than one record with that name and date of birth. Can you give me your phone number?',
        { verified: false, reason: 'ambiguous', ask: 'phone' },
      );
    }
    const patientRef = await kit.tokens.issue<PatientData>('patient', caller, {
      patientId: matches[0]!.id,
    });
    return spokenResult(`Thank you, ${args.firstName}, I found your record.`, {
      verified: true,
      patientRef,
    });
  };
}
