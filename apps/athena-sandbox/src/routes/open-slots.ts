import type { FastifyInstance } from 'fastify';

import { addDays, todayIn, zonedInstant } from '@ehr-gateway/calendar';
import { BOOKING_WINDOW_DAYS, type Department, type Slot } from '@ehr-gateway/synthetic-practice';

import { invalidFields, missingFields, notFound, typeOrReasonRequired } from '../errors.js';
import { listPage, OPEN_SLOT_PAGE } from '../pagination.js';
import { Params, requestPath } from '../params.js';
import { openSlotWire } from '../serializers.js';
import type { SandboxState } from '../state.js';

/** With bypassscheduletimechecks, how far ahead slots are still offered. */
const BYPASS_WINDOW_DAYS = 365;
const DEFAULT_RANGE_DAYS = 7;

/**
 * GET /appointments/open: slots no one holds, from today to today + 90 days in each
 * department's own timezone (further with bypassscheduletimechecks), never in the past.
 */
export function openSlotRoutes(state: SandboxState) {
  const { practice, schedule, bookings } = state;

  function departmentsOrThrow(ids: number[]): Department[] {
    return ids.map((id) => {
      const department = practice.department(id);
      if (!department) {
        throw notFound(
          'Department not found.',
          `There is no department ${id} in practice ${state.options.practiceId}.`,
        );
      }
      return department;
    });
  }

  /** reasonid -1 means any web-schedulable type; other reason ids name bookable types here. */
  function reasonAllows(slot: Slot, reasonIds: number[]): boolean {
    const type = practice.appointmentType(slot.appointmentTypeId);
    if (!type?.patientBookable) {
      return false;
    }
    return reasonIds.includes(-1) || reasonIds.includes(type.id);
  }

  return async (app: FastifyInstance) => {
    app.get('/appointments/open', async (request) => {
      const params = new Params(request);
      const departmentIds = params.idList('departmentid');
      if (!departmentIds) {
        throw missingFields(['departmentid']);
      }
      const departments = departmentsOrThrow(departmentIds);
      const typeIds = params.idList('appointmenttypeid');
      const reasonIds = params.idList('reasonid');
      if (!typeIds && !reasonIds) {
        throw typeOrReasonRequired();
      }
      const providerIds = params.idList('providerid');
      const bypass = params.flag('bypassscheduletimechecks');
      const now = state.now();
      const todays = new Map(departments.map((d) => [d.id, todayIn(d.timezone, now)]));
      const earliestToday = [...todays.values()].sort()[0]!;
      const latestToday = [...todays.values()].sort().at(-1)!;
      const startDate = params.date('startdate') ?? earliestToday;
      const endDate = params.date('enddate') ?? addDays(startDate, DEFAULT_RANGE_DAYS);
      if (endDate < startDate) {
        throw invalidFields(['enddate'], 'The end date must not be before the start date.');
      }
      const window = bypass ? BYPASS_WINDOW_DAYS : BOOKING_WINDOW_DAYS;
      const from = startDate > earliestToday ? startDate : earliestToday;
      const lastOffered = addDays(latestToday, window);
      const to = endDate < lastOffered ? endDate : lastOffered;

      const slots =
        from > to
          ? []
          : schedule
              .slotsBetween(from, to, {
                departmentIds,
                providerIds,
                appointmentTypeIds: typeIds,
              })
              .filter((slot) => {
                const department = practice.department(slot.departmentId)!;
                const today = todays.get(slot.departmentId)!;
                return (
                  slot.date >= today &&
                  slot.date <= addDays(today, window) &&
                  zonedInstant(slot.date, slot.startTime, department.timezone) > now &&
                  (typeIds || reasonAllows(slot, reasonIds!)) &&
                  bookings.stateOf(slot).status !== 'booked'
                );
              });
      return listPage(
        'appointments',
        slots.map((slot) => openSlotWire(slot, practice)),
        params,
        requestPath(request),
        OPEN_SLOT_PAGE,
      );
    });
  };
}
