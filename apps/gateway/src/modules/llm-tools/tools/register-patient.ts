import { HttpError } from '../../../lib/http-errors.js';
import { spokenResult } from '../spoken.js';
import { ToolStop, type PatientData, type ToolFn, type ToolKit } from './tool-kit.js';
import { digitsOf } from './verify-patient.js';

/** What the caller is asked when the EHR refuses a registration for a missing or wrong field. */
const FIELD_QUESTIONS: Array<[RegExp, string]> = [
  [/zip/i, 'your home ZIP code'],
  [/email/i, 'your email address'],
  [/\bsex\b|gender/i, 'your sex as it appears on your insurance card'],
  [/address|city|state/i, 'your home address'],
  [/phone/i, 'a phone number where we can reach you'],
  [/dob|birth/i, 'your date of birth'],
];

const questionFor = (message: string) =>
  FIELD_QUESTIONS.find(([pattern]) => pattern.test(message))?.[1] ?? null;

export function registerPatientTool(kit: ToolKit): ToolFn<'register_patient'> {
  return async (args, caller, call, ctx) => {
    const practice = await kit.practiceOf(caller.tenantId);
    const departments = await kit.departmentsOf(practice, ctx);
    const department = departments[0];
    if (!department) {
      throw new ToolStop('The practice has no clinic set up to register patients in.');
    }
    const answer = await kit.deps.idempotency.run<{
      patientId: string | null;
      created: boolean;
      missing: string | null;
    }>('voice-tool-register', `${call.callId}:${call.toolCallId}`, args, async () => {
      try {
        const created = await practice.client.createPatient(
          practice.practiceId,
          {
            firstName: args.firstName,
            lastName: args.lastName,
            dob: args.dob,
            phone: digitsOf(args.phone),
            email: args.email,
            sex: args.sex,
            zip: args.zip,
            departmentId: department.id,
          },
          ctx,
        );
        return { statusCode: 200, body: { ...created, missing: null } };
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 422)) {
          return {
            statusCode: error.statusCode,
            body: { patientId: null, created: false, missing: error.message },
          };
        }
        throw error;
      }
    });
    if (!answer.body.patientId) {
      const missing = answer.body.missing ?? '';
      const question = questionFor(missing);
      return spokenResult(
        question
          ? `To register you I also need ${question}. Could you tell me?`
          : 'I could not register you with those details. Could you repeat your name, date of birth and phone number?',
        { registered: false, ask: question, reason: missing },
      );
    }
    const patientRef = kit.tokens.issue<PatientData>('patient', caller, {
      patientId: answer.body.patientId,
    });
    return spokenResult(
      answer.body.created
        ? `Welcome, ${args.firstName}. You're registered with the practice.`
        : `Thank you, ${args.firstName}, you already have a record with us.`,
      { registered: true, patientRef },
    );
  };
}
