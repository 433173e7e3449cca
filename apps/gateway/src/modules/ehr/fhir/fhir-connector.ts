import type {
  Appointment as FhirAppointment,
  Location,
  Patient as FhirPatient,
} from '@medplum/fhirtypes';

import type { FhirVendor } from '@ehr-gateway/contracts';
import {
  appointmentFromFhir,
  departmentFromFhir,
  patientFromFhir,
  providerFromFhir,
} from '@ehr-gateway/fhir-mapping';

import { notFound } from '../../../lib/http-errors.js';
import type { AppointmentRange, EhrCallContext, EhrClient } from '../ehr-client.js';
import { mapFhirErrors } from './fhir-errors.js';
import type { FhirHttp } from './fhir-http.js';
import { createFhirDirectory, type FhirDirectory } from './fhir-directory.js';
import { appointmentTypesOf, dayAfter, openSlots } from './fhir-slots.js';
import { createFhirWrites } from './fhir-writes.js';
import { createFhirSearch, mapped, readable, type FhirSearch } from './fhir-search.js';

/**
 * The EHR client over a FHIR R4 server: searches through `next` links, resources read with the
 * shared FHIR mapping, and the vendor's rules (FHIR_VENDOR, docs/fhir.md) where they differ.
 */
export function createFhirConnector(
  http: FhirHttp,
  { vendor, practiceId: servedPractice }: { vendor: FhirVendor; practiceId: string },
): EhrClient {
  const search = createFhirSearch(http, vendor);
  const directory = createFhirDirectory(search, servedPractice);
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
    ...appointmentMethods(search, directory, writes, run),
    ...directoryMethods(directory, run),
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
  directory: FhirDirectory,
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
        appointmentTypesOf(directory, departmentId, ctx),
      ),

    listOpenSlots: (practiceId, slotSearch, ctx) =>
      run(practiceId, 'find open slots', () => openSlots(search, directory, slotSearch, ctx)),

    bookAppointment: (practiceId, booking, ctx) =>
      run(practiceId, 'book the appointment', () => writes.book(booking, ctx)),

    cancelAppointment: (practiceId, cancellation, ctx) =>
      run(practiceId, 'cancel the appointment', () => writes.cancel(cancellation, ctx)),
  };
}

function directoryMethods(
  directory: FhirDirectory,
  run: Run,
): Pick<EhrClient, 'listProviders' | 'listDepartments' | 'listReferringProviders'> {
  return {
    listProviders: (practiceId, { limit, offset }, ctx) =>
      run(practiceId, 'list providers', async () => {
        const [practitioners, roles] = await Promise.all([
          directory.practitioners(ctx),
          directory.roles(ctx),
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
        const locations = await directory.locations(ctx);
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
