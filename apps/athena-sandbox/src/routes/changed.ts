import type { FastifyInstance } from 'fastify';

import { FEED_EVENTS, type FeedKind } from '../change-feed.js';
import { invalidFields } from '../errors.js';
import { Params } from '../params.js';
import { appointmentWire, patientWire } from '../serializers.js';
import type { SandboxState } from '../state.js';

/**
 * athena's changed-data subscriptions for appointments and patients: subscribe (all events or
 * the ones named), read the subscription, unsubscribe, and fetch what changed since the last
 * fetch. A fetch marks what it returns processed unless `leaveunprocessed=true`.
 */
export function changedDataRoutes(state: SandboxState) {
  const { changes, practice, bookings, patients } = state;

  const appointmentOf = (id: string, rescheduledFrom?: string) => {
    const slot = practice.slot(id)!;
    return {
      ...appointmentWire(slot, bookings.stateOf(slot), practice, state.now()),
      ...(rescheduledFrom ? { rescheduledfromappointmentid: rescheduledFrom } : {}),
    };
  };

  function routesFor(app: FastifyInstance, kind: FeedKind) {
    app.post(`/${kind}/changed/subscription`, async (request) => {
      const params = new Params(request);
      const eventName = params.get('eventname');
      if (eventName !== undefined && !FEED_EVENTS[kind].includes(eventName)) {
        throw invalidFields(['eventname'], `Unknown event ${eventName} for ${kind}.`);
      }
      changes.subscribe(kind, eventName ? [eventName] : undefined);
      return { success: 'true' };
    });
    app.get(`/${kind}/changed/subscription`, async () => {
      const events = changes.subscriptions(kind);
      return {
        status: events.length ? 'ACTIVE' : 'INACTIVE',
        subscriptions: events.map((eventname) => ({ eventname })),
      };
    });
    app.get(`/${kind}/changed/subscription/events`, async () => ({
      subscriptions: FEED_EVENTS[kind].map((eventname) => ({ eventname })),
    }));
    app.delete(`/${kind}/changed/subscription`, async () => {
      changes.unsubscribe(kind);
      return { success: 'true' };
    });
    app.get(`/${kind}/changed`, async (request) => {
      const params = new Params(request);
      const departmentIds = params.idList('departmentid')?.map(String) ?? null;
      const taken = changes.take(kind, departmentIds, params.flag('leaveunprocessed'));
      const rows =
        kind === 'appointments'
          ? taken.map((entry) => appointmentOf(entry.id, entry.rescheduledFrom))
          : taken.map((entry) => patientWire(patients.get(entry.id)!));
      return { [kind]: rows, totalcount: rows.length };
    });
  }

  return async (app: FastifyInstance) => {
    routesFor(app, 'appointments');
    routesFor(app, 'patients');
  };
}
