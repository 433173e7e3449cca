import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

import {
  CreateLocationBody,
  CreateVisitReasonBody,
  CreateVoiceAppointmentTypeBody,
  CreateVoiceDepartmentBody,
  CreateVoiceProviderBody,
  Location,
  LocationList,
  UpdateLocationBody,
  UpdateVisitReasonBody,
  UpdateVoiceAppointmentTypeBody,
  UpdateVoiceDepartmentBody,
  UpdateVoiceProviderBody,
  VisitReason,
  VisitReasonList,
  VoiceAppointmentType,
  VoiceAppointmentTypeList,
  VoiceDepartment,
  VoiceDepartmentList,
  VoiceProvider,
  VoiceProviderList,
} from '@ehr-gateway/contracts';

import { registerEntryRoutes, type EntryKind } from './entry-routes.js';
import type { VoiceConfigService } from './voice-config-service.js';

/** Keeps each kind's body types tied to its service calls. */
const entryKind = <C extends z.ZodType, U extends z.ZodType>(kind: EntryKind<C, U>) => kind;

const LOCATIONS = entryKind({
  path: 'locations',
  table: 'locations',
  one: 'location',
  many: 'locations',
  name: 'Location',
  names: 'Locations',
  listSchema: LocationList,
  entrySchema: Location,
  createBody: CreateLocationBody,
  updateBody: UpdateLocationBody,
  list: async (service, tenantId, includeInactive) => ({
    locations: await service.entries.locations.list(tenantId, { includeInactive }),
  }),
  create: (service, body) => service.entries.locations.create(body),
  update: (service, id, body) => service.entries.locations.update(id, body),
});

const DEPARTMENTS = entryKind({
  path: 'departments',
  table: 'departments',
  one: 'department',
  many: 'departments',
  name: 'Department',
  names: 'Departments',
  listSchema: VoiceDepartmentList,
  entrySchema: VoiceDepartment,
  createBody: CreateVoiceDepartmentBody,
  updateBody: UpdateVoiceDepartmentBody,
  list: async (service, tenantId, includeInactive) => ({
    departments: await service.entries.departments.list(tenantId, { includeInactive }),
  }),
  create: (service, body) => service.entries.departments.create(body),
  update: (service, id, body) => service.entries.departments.update(id, body),
});

const PROVIDERS = entryKind({
  path: 'providers',
  table: 'providers',
  one: 'provider',
  many: 'providers',
  name: 'Provider',
  names: 'Providers',
  listSchema: VoiceProviderList,
  entrySchema: VoiceProvider,
  createBody: CreateVoiceProviderBody,
  updateBody: UpdateVoiceProviderBody,
  list: async (service, tenantId, includeInactive) => ({
    providers: await service.entries.providers.list(tenantId, { includeInactive }),
  }),
  create: (service, body) => service.entries.providers.create(body),
  update: (service, id, body) => service.entries.providers.update(id, body),
});

const APPOINTMENT_TYPES = entryKind({
  path: 'appointment-types',
  table: 'appointment_types',
  one: 'appointment type',
  many: 'appointment types',
  name: 'AppointmentType',
  names: 'AppointmentTypes',
  listSchema: VoiceAppointmentTypeList,
  entrySchema: VoiceAppointmentType,
  createBody: CreateVoiceAppointmentTypeBody,
  updateBody: UpdateVoiceAppointmentTypeBody,
  list: async (service, tenantId, includeInactive) => ({
    appointmentTypes: await service.entries.appointmentTypes.list(tenantId, { includeInactive }),
  }),
  create: (service, body) => service.entries.appointmentTypes.create(body),
  update: (service, id, body) => service.entries.appointmentTypes.update(id, body),
});

const VISIT_REASONS = entryKind({
  path: 'visit-reasons',
  table: 'visit_reasons',
  one: 'visit reason',
  many: 'visit reasons',
  name: 'VisitReason',
  names: 'VisitReasons',
  listSchema: VisitReasonList,
  entrySchema: VisitReason,
  createBody: CreateVisitReasonBody,
  updateBody: UpdateVisitReasonBody,
  list: async (service, tenantId, includeInactive) => ({
    visitReasons: await service.entries.visitReasons.list(tenantId, { includeInactive }),
  }),
  create: (service, body) => service.entries.visitReasons.create(body),
  update: (service, id, body) => service.entries.visitReasons.update(id, body),
});

/** A tenant's locations, departments, providers, appointment types and visit reasons. */
export function registerTenantEntryRoutes(app: FastifyInstance, service: VoiceConfigService) {
  for (const kind of [LOCATIONS, DEPARTMENTS, PROVIDERS, APPOINTMENT_TYPES, VISIT_REASONS]) {
    registerEntryRoutes(app, service, kind as EntryKind<z.ZodType, z.ZodType>);
  }
}
