import type {
  Appointment as FhirAppointment,
  Location,
  Patient as FhirPatient,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';

import type { AppointmentType, FhirVendor, OpenSlot } from '@ehr-gateway/contracts';
import { addDays } from '@ehr-gateway/calendar';
import {
  appointmentFromFhir,
  departmentFromFhir,
  patientFromFhir,
  providerFromFhir,
  slotFromFhir,
} from '@ehr-gateway/fhir-mapping';

import { notFound } from '../../../lib/http-errors.js';
import type { AppointmentRange, EhrCallContext, EhrClient, SlotSearch } from '../ehr-client.js';
import { mapFhirErrors } from './fhir-errors.js';
import type { FhirHttp } from './fhir-http.js';
import { createFhirWrites } from './fhir-writes.js';
import { createFhirSearch, mapped, readable, type FhirSearch } from './fhir-search.js';

/** The day after `date`: FHIR ranges are half-open (`lt`), the gateway's are whole days. */
const dayAfter = (date: string) => addDays(date as Parameters<typeof addDays>[0], 1);

/**
 * The EHR client over a FHIR R4 server: searches through `next` links, resources read with the
 * shared FHIR mapping, and the vendor's rules (FHIR_VENDOR, docs/fhir.md) where they differ.
 */
export function createFhirConnector(
  http: FhirHttp,
  { vendor, practiceId: servedPractice }: { vendor: FhirVendor; practiceId: string },
): EhrClient {
  const search = createFhirSearch(http, vendor);
  const writes = createFhirWrites(http, search);
  /** One practice per connection, as with the Mock EHR. */
  const requirePractice = (practiceId: string) => {
    if (practiceId !== servedPractice) {
      throw notFound(
        `The FHIR EHR serves practice ${servedPractice}; there is no practice ${practiceId}`,
        'PRACTICE_NOT_FOUND',
      );
    }
  };
  const run = <T>(practiceId: string, what: string, call: () => Promise<T>) => {
    requirePractice(practiceId);
    return mapFhirErrors(what, call);
  };

  return {
    source: 'fhir',
    ...patientMethods(search, writes, run),
    ...appointmentMethods(search, writes, run),
    ...directoryMethods(search, run),
  };
}

type Run = <T>(practiceId: string, what: string, call: () => Promise<T>) => Promise<T>;
type Writes = ReturnType<typeof createFhirWrites>;

function patientMethods(
  search: FhirSearch,
  writes: Writes,
  run: Run,
): Pick<EhrClient, 'listPatients' | 'getPatient' | 'findPatients' | 'createPatient'> {
  return {
    listPatients: (practiceId, { firstName, lastName, limit, offset }, ctx) =>
      run(practiceId, 'list patients', async () => {
        const query: Array<[string, string]> = [];
        if (lastName) {
          query.push(['family', lastName]);
        }
        if (firstName) {
          query.push(['given', firstName]);
        }
        const all = readable(
          (await search.all<FhirPatient>('Patient', query, ctx)).map(patientFromFhir),
        );
        const patients = all.slice(offset, offset + limit).map((p) => ({
          id: p.id,
          firstName: p.firstName,
          lastName: p.lastName,
          dob: p.dob,
          gender: p.gender,
        }));
        return { totalCount: all.length, patients };
      }),

    getPatient: (practiceId, patientId, ctx) =>
      run(practiceId, 'read the patient', async () => {
        const { resource } = await search.read<FhirPatient>('Patient', patientId, ctx);
        return mapped(patientFromFhir(resource), 'a patient');
      }),

    findPatients: (practiceId, identity, ctx) =>
      run(practiceId, 'match the patient', () => findPatients(search, identity, ctx)),

    createPatient: (practiceId, patient, ctx) =>
      run(practiceId, 'create the patient', async () => {
        const [existing] = await findPatients(search, patient, ctx);
        if (existing) {
          return { patientId: existing.id, created: false };
        }
        return { patientId: await writes.createPatient(patient, ctx), created: true };
      }),
  };
}

function appointmentMethods(
  search: FhirSearch,
  writes: Writes,
  run: Run,
): Pick<
  EhrClient,
  | 'listAppointments'
  | 'getAppointment'
  | 'listOpenSlots'
  | 'bookAppointment'
  | 'cancelAppointment'
  | 'listAppointmentTypes'
> {
  return {
    listAppointments: (practiceId, range, ctx) =>
      run(practiceId, 'list appointments', async () => {
        const found = await appointmentsIn(search, range, ctx);
        const appointments = readable(found.map((a) => appointmentFromFhir(a)))
          .filter((a) => a.status !== 'Cancelled')
          .map(({ id, patientId, providerId, startTime, endTime, appointmentType, status }) => ({
            ...{ id, patientId, providerId, startTime, endTime, appointmentType, status },
          }));
        return { totalCount: appointments.length, appointments };
      }),

    getAppointment: (practiceId, appointmentId, ctx) =>
      run(practiceId, 'read the appointment', async () => {
        const { resource } = await search.read<FhirAppointment>('Appointment', appointmentId, ctx);
        return mapped(appointmentFromFhir(resource), 'an appointment');
      }),

    listAppointmentTypes: (practiceId, { departmentId }, ctx) =>
      run(practiceId, 'list appointment types', () =>
        appointmentTypesOf(search, departmentId, ctx),
      ),

    listOpenSlots: (practiceId, slotSearch, ctx) =>
      run(practiceId, 'find open slots', () => openSlots(search, slotSearch, ctx)),

    bookAppointment: (practiceId, booking, ctx) =>
      run(practiceId, 'book the appointment', () => writes.book(booking, ctx)),

    cancelAppointment: (practiceId, cancellation, ctx) =>
      run(practiceId, 'cancel the appointment', () => writes.cancel(cancellation, ctx)),
  };
}

function directoryMethods(
  search: FhirSearch,
  run: Run,
): Pick<EhrClient, 'listProviders' | 'listDepartments' | 'listReferringProviders'> {
  return {
    listProviders: (practiceId, { limit, offset }, ctx) =>
      run(practiceId, 'list providers', async () => {
        const [practitioners, roles] = await Promise.all([
          search.all<Practitioner>('Practitioner', [], ctx),
          search.all<PractitionerRole>('PractitionerRole', [], ctx).catch(() => []),
        ]);
        const providers = readable(
          practitioners.map((p) =>
            providerFromFhir(
              p,
              roles.filter((role) => role.practitioner?.reference === `Practitioner/${p.id}`),
            ),
          ),
        );
        return { totalCount: providers.length, providers: providers.slice(offset, offset + limit) };
      }),

    listDepartments: (practiceId, ctx) =>
      run(practiceId, 'list departments', async () => {
        const locations = await search.all<Location>('Location', [], ctx);
        const departments = readable(locations.map(departmentFromFhir));
        return { totalCount: departments.length, departments };
      }),

    // FHIR R4 has no directory of referring providers a scheduling client can read.
    listReferringProviders: (practiceId) =>
      run(practiceId, 'list referring providers', () =>
        Promise.resolve({ totalCount: 0, referringProviders: [] }),
      ),
  };
}

async function findPatients(
  search: FhirSearch,
  identity: { firstName: string; lastName: string; dob: string },
  ctx: EhrCallContext,
) {
  const found = await search.all<FhirPatient>(
    'Patient',
    [
      ['family', identity.lastName],
      ['given', identity.firstName],
      ['birthdate', identity.dob],
    ],
    ctx,
  );
  return readable(found.map(patientFromFhir)).filter(
    (p) =>
      p.firstName.toLowerCase() === identity.firstName.toLowerCase() &&
      p.lastName.toLowerCase() === identity.lastName.toLowerCase() &&
      p.dob === identity.dob,
  );
}

/**
 * `Appointment?date=ge…&date=lt…` with the patient, practitioner and location asked for. Oracle
 * runs no appointment search without one of them (docs/fhir.md): a search by date alone is made
 * once per Location there, and the answers joined.
 */
async function appointmentsIn(
  search: FhirSearch,
  range: AppointmentRange,
  ctx: EhrCallContext,
): Promise<FhirAppointment[]> {
  const query: Array<[string, string]> = [
    ['date', `ge${range.startDate}`],
    ['date', `lt${dayAfter(range.endDate)}`],
  ];
  if (range.patientId) {
    query.push(['patient', `Patient/${range.patientId}`]);
  }
  if (range.providerId) {
    query.push(['practitioner', `Practitioner/${range.providerId}`]);
  }
  if (range.departmentId) {
    query.push(['location', `Location/${range.departmentId}`]);
  }
  if (search.vendor !== 'oracle' || query.length > 2) {
    return search.all<FhirAppointment>('Appointment', query, ctx);
  }
  const byId = new Map<string, FhirAppointment>();
  for (const location of await search.all<Location>('Location', [], ctx)) {
    const where: [string, string] = ['location', `Location/${location.id}`];
    for (const appointment of await search.all<FhirAppointment>(
      'Appointment',
      [...query, where],
      ctx,
    )) {
      byId.set(appointment.id ?? '', appointment);
    }
  }
  return [...byId.values()];
}

/** The schedules of a department (and provider): found through their actors. */
function schedulesOf(
  search: FhirSearch,
  { departmentId, providerId }: { departmentId?: string; providerId?: string },
  ctx: EhrCallContext,
) {
  const actor = providerId
    ? `Practitioner/${providerId}`
    : departmentId && `Location/${departmentId}`;
  return search
    .all<Schedule>('Schedule', actor ? [['actor', actor]] : [], ctx)
    .then((schedules) =>
      schedules.filter(
        (s) => !departmentId || s.actor?.some((a) => a.reference === `Location/${departmentId}`),
      ),
    );
}

/** The appointment types the schedules offer (their serviceType codings). */
async function appointmentTypesOf(
  search: FhirSearch,
  departmentId: string | undefined,
  ctx: EhrCallContext,
): Promise<AppointmentType[]> {
  const types = new Map<string, AppointmentType>();
  for (const schedule of await schedulesOf(search, { departmentId }, ctx)) {
    for (const concept of schedule.serviceType ?? []) {
      const coding = concept.coding?.find((c) => c.code);
      if (coding?.code && !types.has(coding.code)) {
        const name = concept.text ?? coding.display ?? coding.code;
        types.set(coding.code, {
          id: coding.code,
          name,
          shortName: null,
          duration: null,
          patientBookable: true,
        });
      }
    }
  }
  return [...types.values()];
}

/**
 * The service types a Slot search names: the one asked for; else none (every type), but Oracle
 * needs one per search, so there each type the schedule offers, one search each.
 */
function serviceTypesToSearch(
  vendor: FhirVendor,
  schedule: Schedule,
  appointmentTypeId: string | undefined,
): Array<string | undefined> {
  if (appointmentTypeId || vendor !== 'oracle') {
    return [appointmentTypeId];
  }
  const codes = (schedule.serviceType ?? []).flatMap((concept) => {
    const code = concept.coding?.find((c) => c.code)?.code;
    return code ? [code] : [];
  });
  return [...new Set(codes)];
}

/**
 * Free slots: the department's (and provider's) schedules through their actors, then
 * `Slot?schedule=…&status=free&start=ge…&start=lt…` per schedule; Oracle also wants the
 * service type, one value per parameter.
 */
async function openSlots(
  search: FhirSearch,
  { departmentId, providerId, appointmentTypeId, startDate, endDate, limit }: SlotSearch,
  ctx: EhrCallContext,
): Promise<OpenSlot[]> {
  const slots: OpenSlot[] = [];
  for (const schedule of await schedulesOf(search, { departmentId, providerId }, ctx)) {
    for (const serviceType of serviceTypesToSearch(search.vendor, schedule, appointmentTypeId)) {
      const query: Array<[string, string]> = [
        ['schedule', `Schedule/${schedule.id}`],
        ['status', 'free'],
        ['start', `ge${startDate}`],
        ['start', `lt${dayAfter(endDate)}`],
      ];
      if (serviceType) {
        query.push(['service-type', serviceType]);
      }
      const found = await search.all<Slot>('Slot', query, ctx);
      slots.push(...readable(found.map((slot) => slotFromFhir(slot, { schedule }))));
    }
  }
  slots.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return limit ? slots.slice(0, limit) : slots;
}
