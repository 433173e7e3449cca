import type { Appointment, AppointmentDetail } from '@ehr-gateway/contracts';
import { addDays, todayIn, zonedInstant } from '@ehr-gateway/calendar';
import {
  BOOKING_WINDOW_DAYS,
  createPractice,
  normalisedAppointment,
  normalisedAppointmentType,
  normalisedDepartment,
  normalisedOpenSlot,
  normalisedProvider,
  seededHolder,
  type Practice,
  type SlotHolder,
  type Slot,
} from '@ehr-gateway/synthetic-practice';

import { badRequest, conflict, notFound } from '../../../lib/http-errors.js';
import type { EhrClient } from '../ehr-client.js';
import type { MockEhrRepository, StoredBooking } from './mock-ehr-repository.js';
import { basicPatient, createMockPatients } from './mock-patients.js';

interface Deps {
  /** The synthetic practice served; the default seed's unless a test brings its own. */
  practice?: Practice;
  repository: MockEhrRepository;
  /** The practice id the Mock EHR answers for: the gateway config's practiceId. */
  practiceId: () => string;
  now?: () => Date;
}

type SlotState = SlotHolder<number>;

/**
 * The built-in Mock EHR: the synthetic practice, with the patients and bookings callers add kept
 * in the database so they survive restarts and are shared by every gateway instance.
 */
export function createMockEhr({
  practice = createPractice(),
  repository,
  practiceId,
  now = () => new Date(),
}: Deps): EhrClient {
  function assertPractice(requested: string) {
    const served = practiceId();
    if (requested !== served) {
      throw notFound(
        `The Mock EHR serves practice ${served}; there is no practice ${requested}`,
        'PRACTICE_NOT_FOUND',
      );
    }
  }

  const timezoneOf = (departmentId: number) => practice.department(departmentId)?.timezone ?? 'UTC';

  function stateOf(slot: Slot, booking: StoredBooking | undefined): SlotState {
    if (booking) {
      return {
        status: booking.status,
        patientId: booking.patient_id,
        appointmentTypeId: booking.appointment_type_id,
        notes: booking.notes,
      };
    }
    return seededHolder(slot, practice);
  }

  const toDetail = (slot: Slot, state: SlotState): AppointmentDetail =>
    normalisedAppointment(slot, state, practice, now());

  function toAppointment(slot: Slot, state: SlotState): Appointment {
    const { id, patientId, providerId, startTime, endTime, appointmentType, status } = toDetail(
      slot,
      state,
    );
    return { id, patientId, providerId, startTime, endTime, appointmentType, status };
  }

  const patients = createMockPatients(practice, repository);
  const patientById = patients.byId;
  const searchPatients = patients.search;

  /** The scheduled slot, or a 404 naming the id. */
  function slotOrThrow(id: string): Slot {
    const slot = practice.slot(id);
    if (!slot) {
      throw notFound(
        `No appointment or slot with id ${id} in the Mock EHR`,
        'APPOINTMENT_NOT_FOUND',
      );
    }
    return slot;
  }

  return {
    source: 'mock',

    async listPatients(requestedPractice, search) {
      assertPractice(requestedPractice);
      const matches = await searchPatients(search);
      return {
        totalCount: matches.length,
        patients: matches.slice(search.offset, search.offset + search.limit).map(basicPatient),
      };
    },

    async getPatient(requestedPractice, patientId) {
      assertPractice(requestedPractice);
      const patient = await patientById(patientId);
      if (!patient) {
        throw notFound(`No patient with id ${patientId} in the Mock EHR`, 'PATIENT_NOT_FOUND');
      }
      return patient;
    },

    async findPatients(requestedPractice, identity) {
      assertPractice(requestedPractice);
      const matches = await searchPatients(identity);
      return matches.filter(
        (p) =>
          p.firstName.toLowerCase() === identity.firstName.toLowerCase() &&
          p.lastName.toLowerCase() === identity.lastName.toLowerCase(),
      );
    },

    async createPatient(requestedPractice, patient) {
      assertPractice(requestedPractice);
      if (!practice.department(Number(patient.departmentId))) {
        throw badRequest(`departmentId: no department ${patient.departmentId} in the Mock EHR`, [
          { field: 'departmentId', message: `no department ${patient.departmentId}` },
        ]);
      }
      const [existingSeed] = practice.patients.filter(
        (p) =>
          p.firstName.toLowerCase() === patient.firstName.toLowerCase() &&
          p.lastName.toLowerCase() === patient.lastName.toLowerCase() &&
          p.dob === patient.dob,
      );
      if (existingSeed) {
        return { patientId: String(existingSeed.id), created: false };
      }
      const result = await repository.insertPatient({
        first_name: patient.firstName,
        last_name: patient.lastName,
        dob: patient.dob,
        sex: patient.sex ?? null,
        email: patient.email ?? null,
        phone: patient.phone ?? null,
        city: patient.city ?? null,
        state: patient.state ?? null,
        zip: patient.zip ?? null,
        department_id: Number(patient.departmentId),
      });
      return { patientId: String(result.patient.id), created: result.created };
    },

    async listAppointments(requestedPractice, range) {
      assertPractice(requestedPractice);
      const slots = practice.scheduledSlots({
        startDate: range.startDate,
        endDate: range.endDate,
        providerIds: range.providerId ? [Number(range.providerId)] : undefined,
        departmentIds: range.departmentId ? [Number(range.departmentId)] : undefined,
      });
      const bookings = new Map(
        (await repository.bookingsBetween(range.startDate, range.endDate)).map((b) => [
          b.slot_id,
          b,
        ]),
      );
      const appointments = slots
        .map((slot) => ({ slot, state: stateOf(slot, bookings.get(slot.id)) }))
        .filter(({ state }) => state.status === 'booked')
        .filter(
          ({ state }) =>
            !range.patientId ||
            (state.status === 'booked' && String(state.patientId) === range.patientId),
        )
        .map(({ slot, state }) => toAppointment(slot, state))
        .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
      return { totalCount: appointments.length, appointments };
    },

    async getAppointment(requestedPractice, appointmentId) {
      assertPractice(requestedPractice);
      const slot = slotOrThrow(appointmentId);
      return toDetail(slot, stateOf(slot, await repository.getBooking(slot.id)));
    },

    async listProviders(requestedPractice, page) {
      assertPractice(requestedPractice);
      return {
        totalCount: practice.providers.length,
        providers: practice.providers
          .slice(page.offset, page.offset + page.limit)
          .map(normalisedProvider),
      };
    },

    async listDepartments(requestedPractice) {
      assertPractice(requestedPractice);
      return {
        totalCount: practice.departments.length,
        departments: practice.departments.map(normalisedDepartment),
      };
    },

    async listReferringProviders(requestedPractice) {
      assertPractice(requestedPractice);
      return {
        totalCount: practice.referringProviders.length,
        referringProviders: practice.referringProviders.map((r) => ({
          id: String(r.id),
          firstName: r.firstName,
          lastName: r.lastName,
          specialty: r.specialty,
          npi: r.npi,
          phone: r.phone,
          fax: r.fax,
          address: { line1: r.address, city: r.city, state: r.state, zip: r.zip },
        })),
      };
    },

    async listAppointmentTypes(requestedPractice, filter) {
      assertPractice(requestedPractice);
      if (filter.departmentId && !practice.department(Number(filter.departmentId))) {
        throw notFound(
          `No department ${filter.departmentId} in the Mock EHR`,
          'DEPARTMENT_NOT_FOUND',
        );
      }
      const types = filter.departmentId
        ? practice.appointmentTypesFor({ departmentId: Number(filter.departmentId) })
        : practice.appointmentTypes;
      return types.map(normalisedAppointmentType);
    },

    async listOpenSlots(requestedPractice, search) {
      assertPractice(requestedPractice);
      const department = practice.department(Number(search.departmentId));
      if (!department) {
        throw notFound(
          `No department ${search.departmentId} in the Mock EHR`,
          'DEPARTMENT_NOT_FOUND',
        );
      }
      const at = now();
      const today = todayIn(department.timezone, at);
      const lastBookable = addDays(today, BOOKING_WINDOW_DAYS);
      const startDate = search.startDate < today ? today : search.startDate;
      const endDate = search.endDate > lastBookable ? lastBookable : search.endDate;
      if (startDate > endDate) {
        return [];
      }
      const bookings = new Map(
        (await repository.bookingsBetween(startDate, endDate)).map((b) => [b.slot_id, b]),
      );
      const slots = practice
        .scheduledSlots({
          startDate,
          endDate,
          departmentIds: [department.id],
          providerIds: search.providerId ? [Number(search.providerId)] : undefined,
          appointmentTypeIds: search.appointmentTypeId
            ? [Number(search.appointmentTypeId)]
            : undefined,
        })
        .filter((slot) => zonedInstant(slot.date, slot.startTime, department.timezone) > at)
        .filter((slot) => stateOf(slot, bookings.get(slot.id)).status !== 'booked');
      return slots
        .slice(0, search.limit ?? slots.length)
        .map((slot) => normalisedOpenSlot(slot, practice));
    },

    async bookAppointment(requestedPractice, booking) {
      assertPractice(requestedPractice);
      const slot = slotOrThrow(booking.slotId);
      if (!(await patientById(booking.patientId))) {
        throw notFound(
          `No patient with id ${booking.patientId} in the Mock EHR`,
          'PATIENT_NOT_FOUND',
        );
      }
      const timezone = timezoneOf(slot.departmentId);
      if (zonedInstant(slot.date, slot.startTime, timezone) <= now()) {
        throw conflict('That appointment time has already passed', 'SLOT_UNAVAILABLE');
      }
      const typeId = booking.appointmentTypeId
        ? Number(booking.appointmentTypeId)
        : slot.appointmentTypeId;
      const type = practice.appointmentType(typeId);
      if (!type || type.duration > slot.duration) {
        throw badRequest(
          `appointmentTypeId: appointment type ${booking.appointmentTypeId} does not fit this ${slot.duration}-minute slot`,
          [
            {
              field: 'appointmentTypeId',
              message: `does not fit this ${slot.duration}-minute slot`,
            },
          ],
        );
      }
      const existing = await repository.getBooking(slot.id);
      const taken = () =>
        conflict(
          'That appointment time was already booked or is not available for booking',
          'SLOT_UNAVAILABLE',
        );
      if (!existing && practice.seedAppointment(slot)) {
        throw taken();
      }
      const stored: StoredBooking = {
        slot_id: slot.id,
        slot_date: slot.date,
        provider_id: slot.providerId,
        department_id: slot.departmentId,
        patient_id: Number(booking.patientId),
        appointment_type_id: typeId,
        status: 'booked',
        notes: booking.notes ?? null,
      };
      if (!(await repository.book(stored))) {
        throw taken();
      }
      return toDetail(slot, stateOf(slot, stored));
    },

    async cancelAppointment(requestedPractice, cancellation) {
      assertPractice(requestedPractice);
      const slot = slotOrThrow(cancellation.appointmentId);
      const existing = await repository.getBooking(slot.id);
      const state = stateOf(slot, existing);
      if (state.status !== 'booked') {
        throw conflict(`Appointment ${slot.id} is not booked`, 'APPOINTMENT_NOT_BOOKED');
      }
      if (String(state.patientId) !== cancellation.patientId) {
        throw conflict(
          `Appointment ${slot.id} is not booked for patient ${cancellation.patientId}`,
          'APPOINTMENT_PATIENT_MISMATCH',
        );
      }
      const stored: StoredBooking = {
        slot_id: slot.id,
        slot_date: slot.date,
        provider_id: slot.providerId,
        department_id: slot.departmentId,
        patient_id: state.patientId,
        appointment_type_id: state.appointmentTypeId,
        status: 'cancelled',
        notes: cancellation.reason ?? state.notes,
      };
      if (!(await repository.cancel(stored))) {
        throw conflict(`Appointment ${slot.id} is not booked`, 'APPOINTMENT_NOT_BOOKED');
      }
      return toDetail(slot, stateOf(slot, stored));
    },
  };
}
