import { HttpError } from '../../../lib/http-errors.js';
import { isoToWords, spokenLetters, spokenResult } from '../spoken.js';
import {
  ToolStop,
  type PatientData,
  type ToolArgs,
  type ToolFn,
  type ToolKit,
} from './tool-kit.js';
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

/** What athena requires to register a patient, in the order a caller is asked for it. */
const REQUIRED: Array<['firstName' | 'lastName' | 'dob' | 'phone', string]> = [
  ['firstName', 'What is your first name?'],
  ['lastName', 'And your last name? Could you spell it for me?'],
  ['dob', 'What is your date of birth?'],
  ['phone', 'What is the best phone number to reach you?'],
];

type RegisterArgs = ToolArgs<'register_patient'>;
type Complete = RegisterArgs & { firstName: string; lastName: string; dob: string; phone: string };

/** The next question for the caller, one at a time, until the details are complete and spelled right. */
function nextQuestion(args: RegisterArgs): string | null {
  const missing = REQUIRED.find(([field]) => !args[field]);
  if (missing) {
    return spokenResult(missing[1], { registered: false, ask: missing[0] });
  }
  if (args.spellingConfirmed !== true) {
    return spokenResult(
      `Let me make sure I have it right: ${args.firstName}, ${spokenLetters(args.firstName!)}; ${args.lastName}, ${spokenLetters(args.lastName!)}; born ${isoToWords(args.dob!)}. Is that correct?`,
      { registered: false, ask: 'spellingConfirmed' },
    );
  }
  return null;
}

export function registerPatientTool(kit: ToolKit): ToolFn<'register_patient'> {
  return async (given, caller, call, ctx) => {
    const question = nextQuestion(given);
    if (question) {
      return question;
    }
    const args = given as Complete;
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
    const patientRef = await kit.tokens.issue<PatientData>('patient', caller, {
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
