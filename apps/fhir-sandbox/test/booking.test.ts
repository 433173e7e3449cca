import type { Appointment, Bundle, Patient, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fhirValidationErrors } from '@ehr-gateway/fhir-mapping/validation';

import { matches, startSandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(() => sb.close());

const TYPE_SYSTEM = 'urn:ehr-gateway:fhir-sandbox:195900:appointment-type';

/** Free future slots, a fresh one for each test. */
let cursor = 0;
async function freeSlot(): Promise<Slot> {
  const bundle = await sb.bundle(
    'Slot?status=free&start=ge2026-03-05T00:00:00Z&start=lt2026-03-07T00:00:00Z&_count=100',
  );
  const slot = matches<Slot>(bundle)[cursor];
  cursor += 1;
  return slot!;
}

const booking = (slot: Slot, patient = '1001', extra: Partial<Appointment> = {}): Appointment => ({
  resourceType: 'Appointment',
  status: 'booked',
  slot: [{ reference: `Slot/${slot.id}` }],
  participant: [{ actor: { reference: `Patient/${patient}` }, status: 'accepted' }],
  ...extra,
});

const slotStatus = async (id: string) =>
  ((await sb.get(`Slot/${id}`)).body as unknown as Slot).status;

describe('booking: POST Appointment with a Slot', () => {
  it('books a free slot: 201 with Location and ETag, a valid appointment, the slot busy', async () => {
    const slot = await freeSlot();
    const response = await sb.post(
      'Appointment',
      booking(slot, '1002', { comment: 'First visit' }),
    );
    expect(response.status).toBe(201);
    const appointment = response.body as unknown as Appointment;
    expect(response.headers.get('location')).toBe(
      `${sb.base}/Appointment/${appointment.id}/_history/${appointment.meta?.versionId}`,
    );
    expect(response.headers.get('etag')).toBe(`W/"${appointment.meta?.versionId}"`);
    expect(appointment).toMatchObject({
      status: 'booked',
      start: slot.start,
      end: slot.end,
      comment: 'First visit',
      slot: [{ reference: `Slot/${slot.id}` }],
      serviceType: slot.serviceType,
    });
    expect(
      appointment.participant.map((p) => [p.actor?.reference?.split('/')[0], p.status]),
    ).toEqual([
      ['Patient', 'accepted'],
      ['Practitioner', 'accepted'],
      ['Location', 'accepted'],
    ]);
    expect(fhirValidationErrors(appointment)).toEqual([]);
    expect(await slotStatus(slot.id!)).toBe('busy');
    const found = await sb.bundle(
      `Appointment?patient=Patient/1002&date=ge2026-03-05&date=lt2026-03-08`,
    );
    expect(matches<Appointment>(found).map((a) => a.id)).toContain(appointment.id);
  });

  it('refuses a taken slot with 409, and books it once when two clients race', async () => {
    const slot = await freeSlot();
    const answers = await Promise.all([
      sb.post('Appointment', booking(slot, '1003')),
      sb.post('Appointment', booking(slot, '1004')),
      sb.post('Appointment', booking(slot, '1005')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'conflict' }],
    });
    expect(JSON.stringify(refused.body)).toContain('someone booked it first');
    const stats = (await sb.admin('/stats')).body!;
    expect(stats.appointmentsBooked).toBeGreaterThanOrEqual(1);
  });

  it('books once for a retried POST with If-None-Exist', async () => {
    const slot = await freeSlot();
    const condition = { 'if-none-exist': `slot=Slot/${slot.id}&status=booked` };
    const first = await sb.post('Appointment', booking(slot), condition);
    const retry = await sb.post('Appointment', booking(slot), condition);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect((retry.body as unknown as Appointment).id).toBe(
      (first.body as unknown as Appointment).id,
    );
  });

  it('says why a booking cannot be made, with the status that fits', async () => {
    const slot = await freeSlot();
    const cases: Array<[Appointment | Record<string, unknown>, number, string]> = [
      [{ ...booking(slot), slot: [] }, 400, 'Appointment.slot'],
      [{ ...booking(slot), participant: [] }, 400, 'Appointment.participant'],
      [{ resourceType: 'Patient' }, 400, 'resourceType'],
      [booking({ ...slot, id: 'no-such-slot' }), 422, 'does not exist'],
      [booking(slot, '999999'), 422, 'Patient/999999 does not exist'],
      [{ ...booking(slot), status: 'proposed' }, 422, 'must be booked'],
      [
        { ...booking(slot), appointmentType: { coding: [{ system: TYPE_SYSTEM, code: '13' }] } },
        422,
        'not 13',
      ],
      [
        { ...booking(slot), start: '2026-03-05T01:00:00Z', end: '2026-03-05T01:10:00Z' },
        422,
        "start and end must be the slot's",
      ],
      [
        {
          ...booking(slot),
          participant: [
            ...booking(slot).participant,
            { actor: { reference: 'Practitioner/999' }, status: 'accepted' },
          ],
        },
        422,
        'Practitioner/999 is not on the slot',
      ],
      [{ ...booking(slot), priority: -1 }, 400, 'Appointment.priority'],
    ];
    for (const [body, status, text] of cases) {
      const response = await sb.post(
        body.resourceType === 'Patient' ? 'Appointment' : 'Appointment',
        body,
      );
      expect(response.status, text).toBe(status);
      expect(response.body?.resourceType).toBe('OperationOutcome');
      expect(JSON.stringify(response.body), text).toContain(text);
    }
    expect(await slotStatus(slot.id!)).toBe('free');
  });

  it('refuses slots in the past and busy seeded slots', async () => {
    const past = matches<Slot>(
      await sb.bundle('Slot?status=free&start=lt2026-03-02T14:00:00Z&_count=1'),
    )[0]!;
    expect((await sb.post('Appointment', booking(past))).status).toBe(422);
    const busy = matches<Slot>(await sb.bundle('Slot?status=busy&start=ge2026-03-05&_count=1'))[0]!;
    expect((await sb.post('Appointment', booking(busy))).status).toBe(409);
  });
});

describe('cancel and other status changes', () => {
  async function booked() {
    const slot = await freeSlot();
    const response = await sb.post('Appointment', booking(slot));
    return {
      slot,
      appointment: response.body as unknown as Appointment,
      etag: response.headers.get('etag')!,
    };
  }
  const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    sb.fhir(`Appointment/${id}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json-patch+json', ...headers },
    });

  it('cancels by JSON Patch: status cancelled, the reason kept, the slot free again', async () => {
    const { slot, appointment, etag } = await booked();
    const response = await patch(
      appointment.id!,
      [
        { op: 'replace', path: '/status', value: 'cancelled' },
        { op: 'add', path: '/cancelationReason', value: { text: 'Patient is travelling' } },
      ],
      { 'if-match': etag },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'cancelled',
      cancelationReason: { text: 'Patient is travelling' },
    });
    expect(response.headers.get('etag')).not.toBe(etag);
    expect(await slotStatus(slot.id!)).toBe('free');
    const rebooked = await sb.post('Appointment', booking(slot, '1010'));
    expect(rebooked.status).toBe(201);
  });

  it('cancels by PUT, and refuses a PUT that changes anything else', async () => {
    const { slot, appointment } = await booked();
    const moved = await sb.fhir(`Appointment/${appointment.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...appointment, start: slot.end }),
    });
    expect(moved.status).toBe(422);
    const response = await sb.fhir(`Appointment/${appointment.id}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...appointment,
        status: 'cancelled',
        cancelationReason: { text: 'Feeling better' },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled' });
    expect(await slotStatus(slot.id!)).toBe('free');
    const wrongId = await sb.fhir(`Appointment/${appointment.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...appointment, id: 'x' }),
    });
    expect(wrongId.status).toBe(400);
  });

  it('checks If-Match, transitions and the patch itself', async () => {
    const { appointment, etag } = await booked();
    const cancel = [{ op: 'replace', path: '/status', value: 'cancelled' }];
    expect((await patch(appointment.id!, cancel, { 'if-match': 'W/"stale"' })).status).toBe(412);
    expect(
      (await patch(appointment.id!, [{ op: 'replace', path: '/start', value: 'x' }])).status,
    ).toBe(400);
    expect(
      (await patch(appointment.id!, [{ op: 'replace', path: '/status', value: 'proposed' }]))
        .status,
    ).toBe(422);
    const arrived = await patch(
      appointment.id!,
      [{ op: 'replace', path: '/status', value: 'arrived' }],
      { 'if-match': etag },
    );
    expect(arrived.status).toBe(200);
    expect((await patch(appointment.id!, cancel)).status).toBe(422);
    expect((await patch('no-such-appointment', cancel)).status).toBe(404);
    expect((await sb.fhir(`Appointment/${appointment.id}`, { method: 'DELETE' })).status).toBe(405);
    expect((await sb.post('', { resourceType: 'Bundle', type: 'transaction' })).status).toBe(405);
  });
});

describe('creating patients', () => {
  it('validates what the engine would store as it is', async () => {
    const patient: Patient = {
      resourceType: 'Patient',
      name: [{ family: 'Newcomer', given: ['Nia'] }],
      gender: 'female',
      birthDate: '1991-04-12',
    };
    const created = await sb.post('Patient', patient);
    expect(created.status).toBe(201);
    const id = (created.body as unknown as Patient).id!;
    expect((await sb.get(`Patient/${id}`)).status).toBe(200);
    const invalid = await sb.post('Patient', {
      ...patient,
      birthDate: '12/04/1991',
      hairColour: 'red',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('Patient.birthDate');
    const again = await sb.post('Patient', patient, {
      'if-none-exist': 'family=Newcomer&birthdate=1991-04-12',
    });
    expect(again.status).toBe(200);
    expect((again.body as unknown as Patient).id).toBe(id);
    const search = (await sb.bundle('Patient?family=Newcomer')) as Bundle;
    expect(search.total).toBe(1);
  });
});
