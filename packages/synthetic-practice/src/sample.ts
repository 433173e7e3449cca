/**
 * The patient the examples, presets and tests use, from the default practice (DEFAULT_SEED): a
 * child in pediatrics, so "a well child visit next week, mornings" finds open slots. The
 * practice's test holds these values to what createPractice() makes.
 */
export const SAMPLE_PATIENT = {
  firstName: 'Linda',
  lastName: 'Wright',
  dob: '2017-04-19',
  departmentId: 21,
  /** Her usual provider. */
  providerId: 107,
  /** An appointment type her department offers. */
  appointmentTypeId: 7,
} as const;

/** The days of the week (0 = Sunday) the sample patient's provider works: Tuesday to Friday. */
export const SAMPLE_PROVIDER_WORKDAYS: readonly number[] = [2, 3, 4, 5];

/** What the sample patient's caller says first in the examples: who, and the visit wanted. */
export function sampleCallerRequest({ sayBirthDate = false }: { sayBirthDate?: boolean } = {}) {
  const who = `${SAMPLE_PATIENT.firstName} ${SAMPLE_PATIENT.lastName}`;
  const born = sayBirthDate ? `, born ${SAMPLE_PATIENT.dob}` : '';
  return `Hi, this is ${who}${born}. I need a well child visit in pediatrics next week, mornings work best.`;
}
