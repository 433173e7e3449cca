import { addDays, dayNumber, minutesOfDay, clockTime, weekday } from '@ehr-gateway/calendar';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREET_NAMES } from './names.js';
import { createRandom, hashUnit, type Random } from './random.js';
import { decodeSlotId, encodeSlotId } from './slot-id.js';
import type {
  Appointment,
  AppointmentType,
  Department,
  Patient,
  Provider,
  ProviderType,
  ReferringProvider,
  Slot,
  SlotQuery,
} from './types.js';

export const DEFAULT_SEED = 195_900;
/** Open slots are offered this many days ahead, as athena's default scheduling window. */
export const BOOKING_WINDOW_DAYS = 90;
const PATIENT_COUNT = 240;
const REFERRING_PROVIDER_COUNT = 30;
/** Share of scheduled slots the seed books for someone. */
const SEED_BOOKED_SHARE = 0.18;

interface DepartmentSeed {
  id: number;
  name: string;
  city: string;
  state: string;
  zipPrefix: string;
  areaCode: string;
  timezone: string;
  staff: Array<[specialty: string, count: number]>;
}

const DEPARTMENTS: DepartmentSeed[] = [
  {
    id: 1,
    name: 'Downtown Family Medicine',
    city: 'Boston',
    state: 'MA',
    zipPrefix: '021',
    areaCode: '617',
    timezone: 'America/New_York',
    staff: [
      ['Family Medicine', 3],
      ['Internal Medicine', 2],
      ['Gastroenterology', 1],
    ],
  },
  {
    id: 21,
    name: 'Lakeside Pediatrics',
    city: 'Chicago',
    state: 'IL',
    zipPrefix: '606',
    areaCode: '312',
    timezone: 'America/Chicago',
    staff: [['Pediatrics', 4]],
  },
  {
    id: 102,
    name: 'Mountain View Heart & Vascular',
    city: 'Denver',
    state: 'CO',
    zipPrefix: '802',
    areaCode: '303',
    timezone: 'America/Denver',
    staff: [['Cardiology', 3]],
  },
  {
    id: 145,
    name: 'Bayside Orthopedics & Sports Medicine',
    city: 'San Diego',
    state: 'CA',
    zipPrefix: '921',
    areaCode: '619',
    timezone: 'America/Los_Angeles',
    staff: [['Orthopedics', 3]],
  },
  {
    id: 148,
    name: 'Desert Sky Dermatology',
    city: 'Phoenix',
    state: 'AZ',
    zipPrefix: '850',
    areaCode: '602',
    timezone: 'America/Phoenix',
    staff: [['Dermatology', 3]],
  },
  {
    id: 150,
    name: "Northside Women's Health",
    city: 'Atlanta',
    state: 'GA',
    zipPrefix: '303',
    areaCode: '404',
    timezone: 'America/New_York',
    staff: [
      ['Obstetrics & Gynecology', 3],
      ['Endocrinology', 1],
    ],
  },
  {
    id: 157,
    name: 'Riverside Neurology Center',
    city: 'Portland',
    state: 'OR',
    zipPrefix: '972',
    areaCode: '503',
    timezone: 'America/Los_Angeles',
    staff: [['Neurology', 2]],
  },
];

const PRIMARY_CARE = ['Family Medicine', 'Internal Medicine', 'Pediatrics'];

const APPOINTMENT_TYPES: AppointmentType[] = [
  {
    id: 2,
    name: 'Office Visit',
    shortName: 'OV',
    duration: 20,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 3,
    name: 'New Patient Visit',
    shortName: 'NP',
    duration: 30,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 4,
    name: 'Follow-Up Visit',
    shortName: 'FU',
    duration: 15,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 5,
    name: 'Annual Physical',
    shortName: 'PHY',
    duration: 40,
    specialties: PRIMARY_CARE,
    patientBookable: true,
  },
  {
    id: 6,
    name: 'Well Child Visit',
    shortName: 'WCV',
    duration: 30,
    specialties: ['Pediatrics'],
    patientBookable: true,
  },
  {
    id: 7,
    name: 'Sick Visit',
    shortName: 'SICK',
    duration: 15,
    specialties: PRIMARY_CARE,
    patientBookable: true,
  },
  {
    id: 8,
    name: 'Cardiology Consult',
    shortName: 'CARD',
    duration: 45,
    specialties: ['Cardiology'],
    patientBookable: true,
  },
  {
    id: 9,
    name: 'Echocardiogram',
    shortName: 'ECHO',
    duration: 60,
    specialties: ['Cardiology'],
    patientBookable: false,
  },
  {
    id: 10,
    name: 'Skin Check',
    shortName: 'SKIN',
    duration: 20,
    specialties: ['Dermatology'],
    patientBookable: true,
  },
  {
    id: 11,
    name: 'Sports Injury Evaluation',
    shortName: 'SIE',
    duration: 30,
    specialties: ['Orthopedics'],
    patientBookable: true,
  },
  {
    id: 12,
    name: 'Prenatal Visit',
    shortName: 'PNV',
    duration: 30,
    specialties: ['Obstetrics & Gynecology'],
    patientBookable: true,
  },
  {
    id: 13,
    name: 'Neurology Consult',
    shortName: 'NEUR',
    duration: 45,
    specialties: ['Neurology'],
    patientBookable: true,
  },
  {
    id: 14,
    name: 'Telehealth Visit',
    shortName: 'TELE',
    duration: 15,
    specialties: null,
    patientBookable: true,
  },
];

/** Which appointment types fill a specialty's morning and afternoon sessions. */
const SESSION_TYPES: Record<string, [morning: number, afternoon: number]> = {
  'Family Medicine': [5, 7],
  'Internal Medicine': [3, 2],
  Gastroenterology: [3, 4],
  Pediatrics: [6, 7],
  Cardiology: [8, 4],
  Orthopedics: [11, 4],
  Dermatology: [10, 2],
  'Obstetrics & Gynecology': [12, 2],
  Endocrinology: [3, 14],
  Neurology: [13, 4],
};

const MORNING = { start: minutesOfDay('08:00'), end: minutesOfDay('12:00') };
const AFTERNOON = { start: minutesOfDay('13:00'), end: minutesOfDay('17:00') };

/** NPI check digit: Luhn over the nine digits prefixed with 80840 (CMS's rule). */
export function npiWithCheckDigit(nineDigits: string): string {
  const digits = `80840${nineDigits}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let value = digits[i]!;
    if (double) {
      value *= 2;
      if (value > 9) {
        value -= 9;
      }
    }
    sum += value;
  }
  return `${nineDigits}${(10 - (sum % 10)) % 10}`;
}

export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiWithCheckDigit(npi.slice(0, 9)) === npi;
}

/** North American numbers: exchange 200–999 and never 555, which sandboxes reject. */
function phone(random: Random, areaCode: string): string {
  let exchange = random.int(200, 999);
  if (exchange === 555) {
    exchange = 556;
  }
  return `${areaCode}${exchange}${random.digits(4)}`;
}

function buildProviders(random: Random): { providers: Provider[]; departments: Department[] } {
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

function buildPatients(
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

function buildReferringProviders(random: Random): ReferringProvider[] {
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

export interface PracticeOptions {
  seed?: number;
}

/** The whole synthetic practice. Same seed, same practice; slots are computed, not stored. */
export function createPractice({ seed = DEFAULT_SEED }: PracticeOptions = {}) {
  const random = createRandom(seed);
  const { providers, departments } = buildProviders(random);
  const patients = buildPatients(random, departments, providers);
  const referringProviders = buildReferringProviders(random);
  const workdays = new Map<number, Set<number>>(
    providers.map((provider) => {
      const days = [1, 2, 3, 4, 5];
      days.splice(random.int(0, 4), 1);
      return [provider.id, new Set(days)];
    }),
  );

  const byId = <T extends { id: number }>(items: T[]) =>
    new Map(items.map((item) => [item.id, item]));
  const departmentsById = byId(departments);
  const providersById = byId(providers);
  const patientsById = byId(patients);
  const typesById = byId(APPOINTMENT_TYPES);
  const patientsByDepartment = new Map<number, Patient[]>(
    departments.map((d) => [d.id, patients.filter((p) => p.departmentId === d.id)]),
  );

  /** Where a provider works on a date, if at all. */
  function departmentOn(provider: Provider, date: string): number | null {
    const day = weekday(date);
    if (!workdays.get(provider.id)?.has(day)) {
      return null;
    }
    return provider.departmentIds[day % provider.departmentIds.length]!;
  }

  function slotsForProviderOn(provider: Provider, date: string): Slot[] {
    const departmentId = departmentOn(provider, date);
    const sessions = SESSION_TYPES[provider.specialty];
    if (departmentId === null || !sessions) {
      return [];
    }
    const slots: Slot[] = [];
    for (const [session, typeId] of [
      [MORNING, sessions[0]],
      [AFTERNOON, sessions[1]],
    ] as const) {
      const type = typesById.get(typeId)!;
      for (
        let start = session.start;
        start + type.duration <= session.end;
        start += type.duration
      ) {
        const startTime = clockTime(start);
        slots.push({
          id: encodeSlotId(provider.id, date, startTime),
          departmentId,
          providerId: provider.id,
          appointmentTypeId: type.id,
          date,
          startTime,
          duration: type.duration,
        });
      }
    }
    return slots;
  }

  function seedBooking(slot: Slot): Appointment | null {
    if (hashUnit(slot.id, seed) >= SEED_BOOKED_SHARE) {
      return null;
    }
    const candidates = patientsByDepartment.get(slot.departmentId) ?? patients;
    const patient =
      candidates[Math.floor(hashUnit(`${slot.id}:patient`, seed) * candidates.length)]!;
    return { ...slot, patientId: patient.id, status: 'booked', notes: null };
  }

  function scheduledSlots(query: SlotQuery): Slot[] {
    const from = dayNumber(query.startDate);
    const to = dayNumber(query.endDate);
    const providerFilter = query.providerIds?.length ? new Set(query.providerIds) : null;
    const departmentFilter = query.departmentIds?.length ? new Set(query.departmentIds) : null;
    const typeFilter = query.appointmentTypeIds?.length ? new Set(query.appointmentTypeIds) : null;
    const slots: Slot[] = [];
    for (let day = from; day <= to; day += 1) {
      const date = addDays(query.startDate, day - from);
      for (const provider of providers) {
        if (providerFilter && !providerFilter.has(provider.id)) {
          continue;
        }
        for (const slot of slotsForProviderOn(provider, date)) {
          if (departmentFilter && !departmentFilter.has(slot.departmentId)) {
            continue;
          }
          if (typeFilter && !typeFilter.has(slot.appointmentTypeId)) {
            continue;
          }
          slots.push(slot);
        }
      }
    }
    return slots;
  }

  return {
    seed,
    departments,
    providers,
    patients,
    referringProviders,
    appointmentTypes: APPOINTMENT_TYPES,
    department: (id: number) => departmentsById.get(id),
    provider: (id: number) => providersById.get(id),
    patient: (id: number) => patientsById.get(id),
    appointmentType: (id: number) => typesById.get(id),

    /** Appointment types offered in a department (and by a provider), patient-facing first. */
    appointmentTypesFor({
      departmentId,
      providerId,
    }: {
      departmentId?: number;
      providerId?: number;
    }) {
      const staff = providers.filter(
        (p) =>
          (departmentId === undefined || p.departmentIds.includes(departmentId)) &&
          (providerId === undefined || p.id === providerId),
      );
      const specialties = new Set(staff.map((p) => p.specialty));
      return APPOINTMENT_TYPES.filter(
        (type) => type.specialties === null || type.specialties.some((s) => specialties.has(s)),
      );
    },

    /** Every slot the schedules create in the range, whether the seed booked it or not. */
    scheduledSlots,

    /** The scheduled slot with this id, or null when no schedule creates it. */
    slot(id: string): Slot | null {
      const decoded = decodeSlotId(id);
      const provider = decoded ? providersById.get(decoded.providerId) : undefined;
      if (!decoded || !provider) {
        return null;
      }
      return slotsForProviderOn(provider, decoded.date).find((s) => s.id === id) ?? null;
    },

    /** The appointment the seed placed in a slot, if any. */
    seedAppointment(slotOrId: Slot | string): Appointment | null {
      const slot = typeof slotOrId === 'string' ? this.slot(slotOrId) : slotOrId;
      return slot ? seedBooking(slot) : null;
    },

    /** Appointments the seed booked in the range (before any consumer's own writes). */
    seedAppointments(query: SlotQuery): Appointment[] {
      return scheduledSlots(query).flatMap((slot) => seedBooking(slot) ?? []);
    },
  };
}

export type Practice = ReturnType<typeof createPractice>;
