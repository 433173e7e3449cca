import type {
  AppointmentTypesQuery,
  CreatePatientWithAppointmentBody,
  DepartmentAppointmentTypes,
  DepartmentProviders,
  EhrSource,
  PatientDetail,
  PatientLookupQuery,
  PatientOpenSlots,
  PatientOpenSlotsQuery,
  PatientProvider,
  PatientWithAppointmentCreated,
} from '@ehr-gateway/contracts';
import { addDays, todayIn } from '@ehr-gateway/calendar';

import { conflict, HttpError, notFound } from '../../lib/http-errors.js';
import {
  listAllProviders,
  resolveRange,
  type EhrCallContext,
  type EhrClient,
  type EhrModule,
  requireEhrIds,
} from '../ehr/index.js';
import type { IdempotencyModule } from '../idempotency/index.js';

/** Open slots are looked up this far ahead when the caller gives no range. */
const DEFAULT_SLOT_WINDOW_DAYS = 14;

interface Deps {
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  idempotency: Pick<IdempotencyModule, 'run'>;
  now?: () => Date;
}

/**
 * Scheduling flows that take several EHR calls: who works where, what can be booked, a patient's
 * provider and open slots, and registering a patient with an appointment in one request.
 */
export function createAggregationService({ ehr, idempotency, now = () => new Date() }: Deps) {
  const { practiceIdFor } = ehr;
  async function findOnePatient(
    client: EhrClient,
    practiceId: string,
    query: PatientLookupQuery,
    ctx: EhrCallContext,
  ): Promise<PatientDetail> {
    const matches = await client.findPatients(
      practiceId,
      { firstName: query.firstname, lastName: query.lastname, dob: query.dob },
      ctx,
    );
    if (matches.length === 0) {
      // Answers never repeat the name or date of birth: they reach logs the caller does not own.
      throw notFound('No patient matches that name and date of birth', 'PATIENT_NOT_FOUND');
    }
    if (matches.length > 1) {
      throw conflict(
        `${matches.length} patients match that name and date of birth; look them up by id instead`,
        'PATIENT_AMBIGUOUS',
      );
    }
    return matches[0]!;
  }

  return {
    async departmentProviders(
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<DepartmentProviders> {
      const client = ehr.forSource(source);
      const practiceId = practiceIdFor(source);
      const [{ departments }, providers] = await Promise.all([
        client.listDepartments(practiceId, ctx),
        listAllProviders(client, practiceId, ctx),
      ]);
      return {
        totalCount: departments.length,
        departments: departments.map((department) => ({
          ...department,
          providers: providers.filter((provider) => provider.homeDepartmentId === department.id),
        })),
      };
    },

    async appointmentTypes(
      query: AppointmentTypesQuery,
      ctx: EhrCallContext,
    ): Promise<DepartmentAppointmentTypes> {
      const client = ehr.forSource(query.source);
      const types = await client.listAppointmentTypes(
        practiceIdFor(query.source),
        { departmentId: query.departmentid },
        ctx,
      );
      return {
        departmentId: query.departmentid,
        totalCount: types.length,
        appointmentTypes: types,
      };
    },

    async patientProvider(
      query: PatientLookupQuery,
      ctx: EhrCallContext,
    ): Promise<PatientProvider> {
      const client = ehr.forSource(query.source);
      const practiceId = practiceIdFor(query.source);
      const patient = await findOnePatient(client, practiceId, query, ctx);
      const [providers, { departments }] = await Promise.all([
        patient.primaryProviderId ? listAllProviders(client, practiceId, ctx) : Promise.resolve([]),
        client.listDepartments(practiceId, ctx),
      ]);
      const provider = providers.find((p) => p.id === patient.primaryProviderId) ?? null;
      const departmentId = patient.departmentId ?? provider?.homeDepartmentId ?? null;
      return {
        patient,
        provider,
        department: departments.find((d) => d.id === departmentId) ?? null,
      };
    },

    async patientOpenSlots(
      query: PatientOpenSlotsQuery,
      ctx: EhrCallContext,
    ): Promise<PatientOpenSlots> {
      const client = ehr.forSource(query.source);
      const practiceId = practiceIdFor(query.source);
      const patient = await findOnePatient(client, practiceId, query, ctx);
      // A FHIR EHR names no registration department (US Core has none): their provider's home.
      const departmentId =
        patient.departmentId ??
        (patient.primaryProviderId
          ? ((await listAllProviders(client, practiceId, ctx)).find(
              (p) => p.id === patient.primaryProviderId,
            )?.homeDepartmentId ?? null)
          : null);
      if (!departmentId) {
        throw conflict(
          `Patient ${patient.id} has no department to book in`,
          'PATIENT_WITHOUT_DEPARTMENT',
        );
      }
      const today = todayIn('UTC', now());
      const start = query.startDate ?? today;
      const { startDate, endDate } = resolveRange(
        start,
        query.endDate ?? addDays(start, DEFAULT_SLOT_WINDOW_DAYS),
      );
      const search = {
        departmentId,
        appointmentTypeId: query.appointmenttypeid,
        startDate,
        endDate,
      };
      // Prefer the patient's own provider; fall back to anyone in their department.
      let providerId: string | null = patient.primaryProviderId;
      let slots = providerId
        ? await client.listOpenSlots(practiceId, { ...search, providerId }, ctx)
        : [];
      if (slots.length === 0) {
        providerId = null;
        slots = await client.listOpenSlots(practiceId, search, ctx);
      }
      return {
        patient,
        departmentId,
        providerId,
        appointmentTypeId: query.appointmenttypeid,
        totalCount: slots.length,
        slots,
      };
    },

    /**
     * Finds or registers the patient, then books the earliest matching open slot on the requested
     * day. With an Idempotency-Key a retry returns the first answer and never books twice.
     */
    async createPatientWithAppointment(
      source: EhrSource,
      body: CreatePatientWithAppointmentBody,
      idempotencyKey: string | undefined,
      ctx: EhrCallContext,
    ) {
      requireEhrIds(source, body.patient, 'patient.');
      requireEhrIds(source, body.appointment, 'appointment.');
      const practiceId = practiceIdFor(source);
      return idempotency.run<PatientWithAppointmentCreated>(
        `patient-with-appointment:${source}:${practiceId}`,
        idempotencyKey,
        body,
        async () => {
          const client = ehr.forSource(source);
          const { patient, appointment } = body;
          const registered = await client.createPatient(
            practiceId,
            {
              firstName: patient.firstname,
              lastName: patient.lastname,
              dob: patient.dob,
              sex: patient.sex,
              email: patient.email,
              phone: patient.phone,
              city: patient.city,
              state: patient.state,
              zip: patient.zip,
              departmentId: patient.departmentid,
            },
            ctx,
          );
          const context = { patientId: registered.patientId, patientCreated: registered.created };
          try {
            const [slot] = await client.listOpenSlots(
              practiceId,
              {
                departmentId: appointment.departmentId,
                appointmentTypeId: appointment.appointmentTypeId,
                providerId: appointment.providerId,
                startDate: appointment.date,
                endDate: appointment.date,
                limit: 1,
              },
              ctx,
            );
            if (!slot) {
              throw conflict(
                `No open ${appointment.providerId ? `slot with provider ${appointment.providerId}` : 'slot'} for appointment type ${appointment.appointmentTypeId} in department ${appointment.departmentId} on ${appointment.date}`,
                'NO_OPEN_SLOT',
              );
            }
            const booked = await client.bookAppointment(
              practiceId,
              {
                slotId: slot.id,
                patientId: registered.patientId,
                appointmentTypeId: appointment.appointmentTypeId,
                notes: appointment.notes,
              },
              ctx,
            );
            return {
              statusCode: 201,
              body: {
                patient: { id: registered.patientId, created: registered.created },
                appointment: booked,
              },
            };
          } catch (error) {
            if (error instanceof HttpError) {
              const who = registered.created
                ? `Patient ${registered.patientId} was registered`
                : `Patient ${registered.patientId} was found`;
              throw new HttpError(
                error.statusCode,
                `${who}, but no appointment was booked: ${error.message}`,
                error.code,
                error.details,
                error.headers,
                context,
              );
            }
            throw error;
          }
        },
      );
    },
  };
}

export type AggregationService = ReturnType<typeof createAggregationService>;
