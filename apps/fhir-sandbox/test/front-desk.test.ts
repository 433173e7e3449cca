import type { Appointment, CapabilityStatement, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { matches, startSandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(() => sb.close());

const searchParamsOf = (statement: CapabilityStatement, type: string) =>
  statement.rest?.[0]?.resource?.find((r) => r.type === type)?.searchParam?.map((p) => p.name);

async function bookedAppointment(): Promise<Appointment> {
  const free = await sb.bundle(
    'Slot?status=free&start=ge2026-03-05T00:00:00Z&start=lt2026-03-07T00:00:00Z&_count=1',
  );
  const slot = matches<Slot>(free)[0]!;
  const booked = await sb.book(slot.id!);
  expect(booked.status).toBe(201);
  return booked.body as unknown as Appointment;
}

describe('changes at the front desk, found by _lastUpdated', () => {
  it('declares _lastUpdated for Appointment and Patient searches', async () => {
    const statement = (await sb.get('metadata')).body as unknown as CapabilityStatement;
    expect(searchParamsOf(statement, 'Appointment')).toContain('_lastUpdated');
    expect(searchParamsOf(statement, 'Patient')).toContain('_lastUpdated');
  });

  it('cancels an appointment outside the API; a _lastUpdated=gt search finds only the change', async () => {
    const appointment = await bookedAppointment();
    const since = appointment.meta!.lastUpdated!;
    const before = await sb.bundle(`Appointment?_lastUpdated=gt${since}`);
    expect(matches(before).map((a) => a.id)).not.toContain(appointment.id);

    const cancelled = await sb.admin(`/front-desk/appointments/${appointment.id}/cancel`, 'POST', {
      reason: 'Patient called the front desk',
    });
    expect(cancelled).toEqual({
      status: 200,
      body: { id: appointment.id, status: 'cancelled', versionId: expect.any(String) },
    });
    const after = matches<Appointment>(await sb.bundle(`Appointment?_lastUpdated=gt${since}`));
    expect(after.map((a) => [a.id, a.status])).toEqual([[appointment.id, 'cancelled']]);
    const slotId = appointment.slot![0]!.reference!.split('/')[1];
    expect(((await sb.get(`Slot/${slotId}`)).body as unknown as Slot).status).toBe('free');
  });

  it('answers 404 for an unknown appointment; cancelling twice makes no second version', async () => {
    expect((await sb.admin('/front-desk/appointments/nope/cancel', 'POST', {})).status).toBe(404);
    const appointment = await bookedAppointment();
    const first = await sb.admin(`/front-desk/appointments/${appointment.id}/cancel`, 'POST', {});
    const again = await sb.admin(`/front-desk/appointments/${appointment.id}/cancel`, 'POST', {});
    expect(again).toEqual(first);
  });
});
