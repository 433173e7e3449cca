import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREET_NAMES } from './names.js';
import { DEPARTMENTS, PRIMARY_CARE } from './catalog.js';
import { npiWithCheckDigit } from './npi.js';
import type { Random } from './random.js';
import type { Department, Patient, Provider, ProviderType, ReferringProvider } from './types.js';

const PATIENT_COUNT = 240;
const REFERRING_PROVIDER_COUNT = 30;

/** North American numbers: exchange 200–999 and never 555, which sandboxes reject. */
function phone(random: Random, areaCode: string): string {
  let exchange = random.int(200, 999);
  if (exchange === 555) {
    exchange = 556;
  }
  return `${areaCode}${exchange}${random.digits(4)}`;
}

export function buildProviders(random: Random): {
  providers: Provider[];
  departments: Department[];
} {
  const providers: Provider[] = [];
  const departments: Department[] = [];
  let nextId = 101;
  for (const seed of DEPARTMENTS) {
    const providerIds: number[] = [];
    for (const [specialty, count] of seed.staff) {
      for (let i = 0; i < count; i += 1) {
        const sex = random.chance(0.5) ? 'F' : 'M';
        const firstName = random.pick(sex === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
        const lastName = random.pick(LAST_NAMES);
        const providerType: ProviderType =
          PRIMARY_CARE.includes(specialty) && i === count - 1 && count > 2
            ? random.pick(['NP', 'PA'] as const)
            : random.chance(0.2)
              ? 'DO'
              : 'MD';
        const id = nextId;
        nextId += 1;
        providerIds.push(id);
        providers.push({
          id,
          firstName,
          lastName,
          displayName: `${firstName} ${lastName}, ${providerType}`,
          specialty,
          providerType,
          npi: npiWithCheckDigit(`1${random.digits(8)}`),
          sex,
          homeDepartmentId: seed.id,
          departmentIds: [seed.id],
          acceptingNewPatients: random.chance(0.8),
        });
      }
    }
    departments.push({
      id: seed.id,
      name: seed.name,
      address: `${random.int(10, 2500)} ${random.pick(STREET_NAMES)}`,
      city: seed.city,
      state: seed.state,
      zip: `${seed.zipPrefix}${random.digits(2)}`,
      phone: phone(random, seed.areaCode),
      timezone: seed.timezone,
      providerIds,
    });
  }
  // Two internists also hold clinics at the women's health centre.
  const womensHealth = departments.find((department) => department.id === 150)!;
  for (const internist of providers.filter((p) => p.specialty === 'Internal Medicine')) {
    internist.departmentIds.push(womensHealth.id);
    womensHealth.providerIds.push(internist.id);
  }
  return { providers, departments };
}

export function buildPatients(
  random: Random,
  departments: Department[],
  providers: Provider[],
): Patient[] {
  const patients: Patient[] = [];
  const seen = new Set<string>();
  for (let id = 1001; patients.length < PATIENT_COUNT; id += 1) {
    const department = random.pick(departments);
    const seed = DEPARTMENTS.find((d) => d.id === department.id)!;
    const sex = random.chance(0.52) ? 'F' : 'M';
    const firstName = random.pick(sex === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const pediatric = department.id === 21;
    const birthYear = pediatric ? random.int(2010, 2024) : random.int(1938, 2006);
    const dob = `${birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const identity = `${firstName}|${lastName}|${dob}`;
    if (seen.has(identity)) {
      continue;
    }
    seen.add(identity);
    const departmentProviders = providers.filter((p) => p.departmentIds.includes(department.id));
    const emailName = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    patients.push({
      id,
      firstName,
      lastName,
      dob,
      sex,
      email: `${emailName}${random.int(1, 99)}@example.com`,
      mobilePhone: phone(random, seed.areaCode),
      homePhone: random.chance(0.4) ? phone(random, seed.areaCode) : null,
      address1: `${random.int(1, 9999)} ${random.pick(STREET_NAMES)}`,
      city: seed.city,
      state: seed.state,
      zip: `${seed.zipPrefix}${random.digits(2)}`,
      departmentId: department.id,
      primaryProviderId: random.chance(0.85) ? random.pick(departmentProviders).id : null,
      registrationDate: `${random.int(2015, 2025)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    });
  }
  return patients;
}

export function buildReferringProviders(random: Random): ReferringProvider[] {
  const specialties = [
    'Family Medicine',
    'Internal Medicine',
    'Cardiology',
    'Orthopedics',
    'Neurology',
    'Pediatrics',
    'Urgent Care',
  ];
  return Array.from({ length: REFERRING_PROVIDER_COUNT }, (_, index) => {
    const seed = random.pick(DEPARTMENTS);
    const firstName = random.pick(random.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    return {
      id: 5001 + index,
      firstName,
      lastName: random.pick(LAST_NAMES),
      npi: npiWithCheckDigit(`1${random.digits(8)}`),
      specialty: random.pick(specialties),
      address: `${random.int(10, 9999)} ${random.pick(STREET_NAMES)}`,
      city: seed.city,
      state: seed.state,
      zip: `${seed.zipPrefix}${random.digits(2)}`,
      phone: phone(random, seed.areaCode),
      fax: phone(random, seed.areaCode),
    };
  });
}
