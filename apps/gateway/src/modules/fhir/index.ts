import { FHIR_BASE_PREFIX } from '@ehr-gateway/contracts';

import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { EhrModule } from '../ehr/index.js';
import type { IdempotencyModule } from '../idempotency/index.js';
import { createAppointmentSearch, readAppointment } from './fhir-appointments.js';
import { createBooking } from './fhir-booking.js';
import {
  readLocation,
  readOrganization,
  readPatient,
  readPractitioner,
  searchLocations,
  searchPatients,
  searchPractitioners,
} from './fhir-directory.js';
import { registerFhirRoutes, type FhirHandlers } from './fhir-routes.js';
import { createSlotSearch, readSchedule, readSlot, searchSchedules } from './fhir-scheduling.js';
import { parseFhirSearch } from './fhir-search.js';

interface Deps {
  ehr: Pick<EhrModule, 'forSource'>;
  idempotency: Pick<IdempotencyModule, 'run'>;
  version: string;
  publicBaseUrl?: string;
  /** The clock Slot and Appointment searches start from by default (tests move it). */
  now?: () => Date;
}

/**
 * The FHIR R4 face: `/fhir/r4/{source}/{practiceId}` answers FHIR clients from the normalised EHR
 * layer (the ehr module) through @ehr-gateway/fhir-mapping, with the gateway's keys, scopes,
 * limits, request log and metrics around it.
 */
export function createFhirModule({
  ehr,
  idempotency,
  version,
  publicBaseUrl,
  now = () => new Date(),
}: Deps) {
  const searchAppointments = createAppointmentSearch(now);
  const handlers: FhirHandlers = {
    Patient: { read: readPatient, search: searchPatients },
    Practitioner: { read: readPractitioner, search: searchPractitioners },
    Location: { read: readLocation, search: searchLocations },
    Organization: { read: readOrganization },
    Schedule: { read: readSchedule, search: searchSchedules },
    Slot: { read: readSlot, search: createSlotSearch(now) },
    Appointment: { read: readAppointment, search: searchAppointments },
  };
  const booking = createBooking({
    idempotency,
    searchAppointments,
    parseCondition: (query) =>
      parseFhirSearch('Appointment', Object.fromEntries(groupQuery(query)), true),
  });
  const startedAt = new Date().toISOString();
  return {
    routes: routesUnder(FHIR_BASE_PREFIX, (scope) =>
      registerFhirRoutes(scope, { ehr, handlers, booking, version, publicBaseUrl, startedAt }),
    ),
  } satisfies GatewayModule;
}

/** A query string as Fastify's parser gives it: repeated names as lists. */
function groupQuery(query: string): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(query)) {
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  }
  return grouped;
}
