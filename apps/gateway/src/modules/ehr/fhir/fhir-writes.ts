import type { Appointment as FhirAppointment, Patient as FhirPatient } from '@medplum/fhirtypes';

import type { AppointmentDetail } from '@ehr-gateway/contracts';
import { appointmentFromFhir } from '@ehr-gateway/fhir-mapping';

import type { EhrCallContext, NewPatient } from '../ehr-client.js';
import type { FhirHttp } from './fhir-http.js';
import { mapped, notOffered, type FhirSearch } from './fhir-search.js';

const EPIC_BOOKING =
  'Epic books through its own scheduling APIs (Appointment.$find / $book under an Epic agreement), not an R4 Appointment create; set FHIR_VENDOR=generic only for servers that allow the create';

/**
 * Patient creation, booking and cancelling, by the vendor's rules (docs/fhir.md): base R4
 * (`generic`), Oracle Health's (one Slot, one accepted Patient participant; JSON Patch with
 * If-Match), or Epic's (no booking over R4: 501).
 */
export function createFhirWrites(http: FhirHttp, search: FhirSearch) {
  const { vendor } = search;

  return {
    async createPatient(patient: NewPatient, ctx: EhrCallContext): Promise<string> {
      await search.require('Patient', 'create', ctx);
      const resource: FhirPatient = {
        resourceType: 'Patient',
        active: true,
        name: [{ use: 'official', family: patient.lastName, given: [patient.firstName] }],
        birthDate: patient.dob,
        ...(patient.sex ? { gender: patient.sex === 'F' ? 'female' : 'male' } : {}),
        telecom: [
          ...(patient.phone ? [{ system: 'phone' as const, value: patient.phone }] : []),
          ...(patient.email ? [{ system: 'email' as const, value: patient.email }] : []),
        ],
        ...(patient.zip || patient.city
          ? { address: [{ city: patient.city, state: patient.state, postalCode: patient.zip }] }
          : {}),
      };
      const answer = await http.request<FhirPatient>(
        { method: 'POST', path: '/Patient', body: resource },
        ctx,
      );
      return answer.body.id ?? '';
    },

    async book(
      booking: { slotId: string; patientId: string; notes?: string },
      ctx: EhrCallContext,
    ): Promise<AppointmentDetail> {
      if (vendor === 'epic') {
        throw notOffered('booking over FHIR R4', EPIC_BOOKING);
      }
      await search.require('Appointment', 'create', ctx);
      const resource: FhirAppointment = {
        resourceType: 'Appointment',
        status: 'booked',
        slot: [{ reference: `Slot/${booking.slotId}` }],
        participant: [{ actor: { reference: `Patient/${booking.patientId}` }, status: 'accepted' }],
        // Oracle takes nothing but the slot and the patient; base R4 servers take a comment.
        ...(vendor === 'generic' && booking.notes ? { comment: booking.notes } : {}),
      };
      const answer = await http.request<FhirAppointment>(
        { method: 'POST', path: '/Appointment', body: resource },
        ctx,
      );
      return mapped(appointmentFromFhir(answer.body), 'an appointment');
    },

    async cancel(
      { appointmentId }: { appointmentId: string; patientId: string; reason?: string },
      ctx: EhrCallContext,
    ): Promise<AppointmentDetail> {
      if (vendor === 'epic') {
        throw notOffered('cancelling over FHIR R4', EPIC_BOOKING);
      }
      const { resource, etag } = await search.read<FhirAppointment>(
        'Appointment',
        appointmentId,
        ctx,
      );
      const path = `/Appointment/${encodeURIComponent(appointmentId)}`;
      if (vendor === 'oracle') {
        await search.require('Appointment', 'patch', ctx);
        const answer = await http.request<FhirAppointment>(
          {
            method: 'PATCH',
            path,
            body: [{ op: 'replace', path: '/status', value: 'cancelled' }],
            contentType: 'application/json-patch+json',
            ifMatch: etag ?? undefined,
          },
          ctx,
        );
        return mapped(appointmentFromFhir(answer.body), 'an appointment');
      }
      await search.require('Appointment', 'update', ctx);
      const answer = await http.request<FhirAppointment>(
        {
          method: 'PUT',
          path,
          body: { ...resource, status: 'cancelled' },
          ifMatch: etag ?? undefined,
        },
        ctx,
      );
      return mapped(appointmentFromFhir(answer.body), 'an appointment');
    },
  };
}
