import { DEFAULT_TENANT_ID, type EhrSource } from '@ehr-gateway/contracts';
import { createPractice, type Practice } from '@ehr-gateway/synthetic-practice';

/** What a fresh database starts with: one tenant mapped to an EHR practice. */
export interface VoiceConfigSeed {
  /** Without an id the database numbers the tenant, and its name alone says it exists. */
  tenant: { id?: number; name: string; ehrSource: EhrSource; practiceId: string | null };
  locations: Array<{ name: string; address: string }>;
  departments: Array<{
    name: string;
    code: string;
    locationName: string;
    ehrDepartmentId: string;
  }>;
  providers: Array<{
    name: string;
    specialty: string;
    isNotAcceptingNewPatients: boolean;
    ehrProviderId: string;
    departmentNames: string[];
  }>;
  appointmentTypes: Array<{ name: string; duration: number; ehrAppointmentTypeId: string }>;
  visitReasons: Array<{ name: string; appointmentTypeName: string }>;
  globalConfig: Array<{ key: string; value: unknown }>;
}

export const DEMO_TENANT_NAME = 'Demo Health Network';
export const FHIR_DEMO_TENANT_NAME = 'Demo Health Network (FHIR)';

/** How the voice agent names each of the synthetic practice's departments, by EHR id. */
const DEPARTMENT_NAMES: Record<number, { name: string; code: string }> = {
  1: { name: 'Family Medicine', code: 'FAMMED' },
  21: { name: 'Pediatrics', code: 'PEDS' },
  102: { name: 'Cardiology', code: 'CARDIO' },
  145: { name: 'Orthopedics', code: 'ORTHO' },
  148: { name: 'Dermatology', code: 'DERM' },
  150: { name: 'Obstetrics & Gynecology', code: 'OBGYN' },
  157: { name: 'Neurology', code: 'NEURO' },
};

/** What callers say they are coming in for, and the EHR appointment type that serves it. */
const VISIT_REASONS: Array<[reason: string, appointmentType: string]> = [
  ['Annual physical', 'Annual Physical'],
  ['Sick visit', 'Sick Visit'],
  ['Well child checkup', 'Well Child Visit'],
  ['Chest pain follow-up', 'Cardiology Consult'],
  ['Rash or skin concern', 'Skin Check'],
  ['Knee or back pain', 'Sports Injury Evaluation'],
  ['Prenatal check', 'Prenatal Visit'],
  ['Headaches or migraines', 'Neurology Consult'],
  ['New patient visit', 'New Patient Visit'],
  ['Follow-up visit', 'Follow-Up Visit'],
  ['Video visit', 'Telehealth Visit'],
];

const weekday = { open: '08:00', close: '17:00' };

const GLOBAL_CONFIG: VoiceConfigSeed['globalConfig'] = [
  {
    key: 'greeting',
    value: 'Thank you for calling Demo Health Network. How can I help you today?',
  },
  {
    key: 'business_hours',
    value: {
      timezone: 'America/New_York',
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: weekday,
      saturday: null,
      sunday: null,
    },
  },
  {
    key: 'emergency_message',
    value: 'If this is a medical emergency, please hang up and dial 911.',
  },
];

/**
 * Tenant 1, "Demo Health Network", on the Mock EHR: a location per department of the synthetic
 * practice (with its address), a department per practice department (with a short code and the
 * EHR id), every provider and appointment type (with EHR ids), and common visit reasons.
 * practiceId null means "the practice the gateway config names".
 */
export function demoSeed(practice: Practice = createPractice()): VoiceConfigSeed {
  const departmentName = (id: number) =>
    DEPARTMENT_NAMES[id]?.name ?? practice.department(id)?.name ?? `Department ${id}`;
  const typeNames = new Set(practice.appointmentTypes.map((type) => type.name));
  return {
    tenant: { id: DEFAULT_TENANT_ID, name: DEMO_TENANT_NAME, ehrSource: 'mock', practiceId: null },
    locations: practice.departments.map((department) => ({
      name: department.name,
      address: `${department.address}, ${department.city}, ${department.state} ${department.zip}`,
    })),
    departments: practice.departments.map((department) => ({
      name: departmentName(department.id),
      code: DEPARTMENT_NAMES[department.id]?.code ?? `DEPT${department.id}`,
      locationName: department.name,
      ehrDepartmentId: String(department.id),
    })),
    providers: practice.providers.map((provider) => ({
      name: provider.displayName,
      specialty: provider.specialty,
      isNotAcceptingNewPatients: !provider.acceptingNewPatients,
      ehrProviderId: String(provider.id),
      departmentNames: provider.departmentIds.map(departmentName),
    })),
    appointmentTypes: practice.appointmentTypes.map((type) => ({
      name: type.name,
      duration: type.duration,
      ehrAppointmentTypeId: String(type.id),
    })),
    visitReasons: VISIT_REASONS.filter(([, type]) => typeNames.has(type)).map(
      ([name, appointmentTypeName]) => ({ name, appointmentTypeName }),
    ),
    globalConfig: GLOBAL_CONFIG,
  };
}

/**
 * The phone line of the FHIR EHR, seeded when one is configured: the same synthetic practice as
 * tenant 1 (the FHIR sandbox keeps its ids), at the practice FHIR_PRACTICE_ID names (practiceId
 * null). It has no fixed id, since tenant 2 may already be someone's line.
 */
export function fhirDemoSeed(practice: Practice = createPractice()): VoiceConfigSeed {
  const seed = demoSeed(practice);
  return {
    ...seed,
    tenant: { name: FHIR_DEMO_TENANT_NAME, ehrSource: 'fhir', practiceId: null },
  };
}
