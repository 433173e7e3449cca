import type { FastifyInstance } from 'fastify';

import { addDays, dayNumber, todayIn, zonedInstant, type IsoDate } from '@ehr-gateway/calendar';
import { BOOKING_WINDOW_DAYS, type Slot } from '@ehr-gateway/synthetic-practice';

import type { SlotState } from '../booking-store.js';
import {
  badRequest,
  invalidFields,
  missingFields,
  notFound,
  slotUnavailable,
  typeOrReasonRequired,
} from '../errors.js';
import { listPage } from '../pagination.js';
import { Params, pathId, requestPath } from '../params.js';
import { MAX_RANGE_DAYS, type SlotFilter } from '../schedule.js';
import { appointmentWire, statusCode } from '../serializers.js';
import type { SandboxState } from '../state.js';

/** How far back a patient's appointments reach with showpast and no startdate. */
const PAST_DAYS_SHOWN = 180;

/** Booking, cancelling and reading appointments (a slot's id is its appointment's id). */
export function appointmentRoutes(state: SandboxState) {
  const { practice, schedule, bookings, patients } = state;
  const timezoneOf = (slot: Slot) => practice.department(slot.departmentId)?.timezone ?? 'UTC';

  const slotOr404 = (id: string) => {
    const slot = /^\d{12}$/.test(id) ? schedule.slot(id) : null;
    if (!slot) {
      throw notFound(
        'The appointment ID is invalid.',
        `There is no appointment or open slot ${id} in practice ${state.options.practiceId}.`,
      );
    }
    return slot;
  };

  function checkRange(startDate: IsoDate, endDate: IsoDate) {
    if (endDate < startDate) {
      throw invalidFields(['enddate'], 'The end date must not be before the start date.');
    }
    if (dayNumber(endDate) - dayNumber(startDate) > MAX_RANGE_DAYS) {
      throw invalidFields(
        ['enddate'],
        `The date range is too long.`,
        `This sandbox lists at most ${MAX_RANGE_DAYS} days of appointments at a time.`,
      );
    }
  }

  /** Booked (and, if asked, cancelled) appointments in a range, with the filters applied. */
  function appointmentsBetween(
    startDate: IsoDate,
    endDate: IsoDate,
    filter: SlotFilter & { patientId?: string; typeIds?: number[]; showCancelled: boolean },
  ): Array<[Slot, SlotState]> {
    const rows: Array<[Slot, SlotState]> = [];
    for (const slot of schedule.slotsBetween(startDate, endDate, filter)) {
      const slotState = bookings.stateOf(slot);
      if (
        slotState.status === 'open' ||
        (slotState.status === 'cancelled' && !filter.showCancelled) ||
        (filter.patientId !== undefined && slotState.patientId !== filter.patientId) ||
        (filter.typeIds && !filter.typeIds.includes(slotState.appointmentTypeId))
      ) {
        continue;
      }
      rows.push([slot, slotState]);
    }
    return rows;
  }

  const toWire = ([slot, slotState]: [Slot, SlotState]) =>
    appointmentWire(slot, slotState, practice, state.now());

  return async (app: FastifyInstance) => {
    app.get('/appointments/booked', async (request) => {
      const params = new Params(request);
      params.require('startdate', 'enddate');
      const departmentIds = params.idList('departmentid');
      const providerIds = params.idList('providerid');
      const patientId = params.id('patientid')?.toString();
      if (!departmentIds && !providerIds && !patientId) {
        throw missingFields(
          ['departmentid'],
          'A department, provider or patient must be provided.',
        );
      }
      const startDate = params.date('startdate')!;
      const endDate = params.date('enddate')!;
      checkRange(startDate, endDate);
      const status = params.get('appointmentstatus');
      const now = state.now();
      const rows = appointmentsBetween(startDate, endDate, {
        departmentIds,
        providerIds,
        patientId,
        typeIds: params.idList('appointmenttypeid'),
        showCancelled: params.flag('showcancelled') || status === 'x',
      }).filter(
        ([slot, slotState]) => !status || statusCode(slot, slotState, practice, now) === status,
      );
      return listPage('appointments', rows.map(toWire), params, requestPath(request));
    });

    app.get('/appointments/:appointmentid', async (request) => {
      const { appointmentid } = request.params as { appointmentid: string };
      const slot = slotOr404(appointmentid);
      return [toWire([slot, bookings.stateOf(slot)])];
    });

    app.put('/appointments/:appointmentid', async (request) => {
      const { appointmentid } = request.params as { appointmentid: string };
      const slot = slotOr404(appointmentid);
      const params = new Params(request);
      params.require('patientid');
      if (!params.has('appointmenttypeid') && !params.has('reasonid')) {
        throw typeOrReasonRequired();
      }
      const patientId = pathId(params.get('patientid'));
      if (!patientId || !patients.get(patientId)) {
        throw invalidFields(['patientid'], 'The patient ID is invalid.');
      }
      let typeId = slot.appointmentTypeId;
      if (params.has('appointmenttypeid')) {
        const type = practice.appointmentType(params.id('appointmenttypeid')!);
        if (!type) {
          throw invalidFields(['appointmenttypeid'], 'The appointment type ID is invalid.');
        }
        if (type.duration > slot.duration) {
          throw invalidFields(
            ['appointmenttypeid'],
            `A ${type.duration}-minute ${type.name} does not fit this ${slot.duration}-minute slot.`,
          );
        }
        typeId = type.id;
      } else {
        // A reason books the slot's own type; the id only has to be well formed.
        params.idList('reasonid');
      }
      const now = state.now();
      if (zonedInstant(slot.date, slot.startTime, timezoneOf(slot)) <= now) {
        throw slotUnavailable();
      }
      // No await from the check to the write: two concurrent bookings cannot both succeed.
      const booked = bookings.book(
        slot,
        { patientId, appointmentTypeId: typeId, note: params.get('bookingnote') ?? null },
        now,
      );
      if (!booked) {
        throw slotUnavailable();
      }
      return [toWire([slot, booked])];
    });

    app.put('/appointments/:appointmentid/cancel', async (request) => {
      const { appointmentid } = request.params as { appointmentid: string };
      const slot = slotOr404(appointmentid);
      const params = new Params(request);
      params.require('patientid');
      const current = bookings.stateOf(slot);
      if (current.status === 'open') {
        throw badRequest('The appointment is not booked.', `Slot ${slot.id} is open.`);
      }
      if (current.status === 'cancelled') {
        throw badRequest('The appointment is already cancelled.');
      }
      if (current.patientId !== pathId(params.get('patientid'))) {
        throw badRequest(
          'The patient ID does not match the appointment.',
          `Appointment ${slot.id} is not booked for patient ${params.get('patientid')}.`,
        );
      }
      const cancelled = bookings.cancel(
        slot,
        params.get('cancellationreason') ?? null,
        state.now(),
      );
      return [toWire([slot, cancelled!])];
    });

    app.get('/patients/:patientid/appointments', async (request) => {
      const { patientid } = request.params as { patientid: string };
      const patientId = pathId(patientid);
      const patient = patientId ? patients.get(patientId) : undefined;
      if (!patientId || !patient) {
        throw notFound('Patient not found.', `There is no patient ${patientid}.`);
      }
      const params = new Params(request);
      const department = practice.department(Number(patient.departmentid));
      const today = todayIn(department?.timezone ?? 'UTC', state.now());
      const showPast = params.flag('showpast');
      const requestedStart =
        params.date('startdate') ?? (showPast ? addDays(today, -PAST_DAYS_SHOWN) : today);
      const endDate = params.date('enddate') ?? addDays(today, BOOKING_WINDOW_DAYS);
      checkRange(requestedStart, endDate);
      // Without showpast athena lists upcoming appointments only.
      const startDate = !showPast && requestedStart < today ? today : requestedStart;
      const rows =
        startDate > endDate
          ? []
          : appointmentsBetween(startDate, endDate, {
              patientId,
              showCancelled: params.flag('showcancelled'),
            });
      return listPage('appointments', rows.map(toWire), params, requestPath(request));
    });
  };
}
