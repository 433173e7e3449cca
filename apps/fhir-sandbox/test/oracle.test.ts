import type { Appointment, CapabilityStatement, Schedule, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { matches, startSandbox, type Sandbox } from './helpers.js';

/** FHIR_SANDBOX_PROFILE=oracle: Oracle Health's documented Millennium R4 scheduling rules. */

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ profile: 'oracle' });
}, 60_000);
afterAll(() => sb.close());

const SERVICE = encodeURIComponent('urn:ehr-gateway:fhir-sandbox:195900:appointment-type|4');
const RANGE = 'start=ge2026-03-05T00:00:00Z&start=lt2026-03-07T00:00:00Z';

const refusal = async (query: string) => {
  const response = await sb.get(query);
  return { status: response.status, text: JSON.stringify(response.body) };
};

describe('oracle searches', () => {
  it('needs service-type and a start ge/lt pair for Slots (or _id)', async () => {
    expect(await refusal('Slot?status=free')).toMatchObject({
      status: 400,
      text: expect.stringContaining('service-type with a start range'),
    });
    expect((await refusal(`Slot?service-type=${SERVICE}&start=ge2026-03-05`)).status).toBe(400);
    const ok = await sb.bundle(`Slot?service-type=${SERVICE}&${RANGE}&status=free`);
    expect(matches(ok).length).toBeGreaterThan(0);
    const id = matches<Slot>(ok)[0]!.id;
    expect((await sb.get(`Slot?_id=${id}`)).status).toBe(200);
  });

  it('takes one value per parameter', async () => {
    expect(await refusal(`Slot?service-type=${SERVICE},${SERVICE}&${RANGE}`)).toMatchObject({
      status: 400,
      text: expect.stringContaining('service-type: this server takes one value per parameter'),
    });
    expect(
      (await refusal(`Slot?service-type=${SERVICE}&${RANGE}&status=free&status=busy`)).status,
    ).toBe(400);
  });

  it('resolves schedule.actor on Slot searches', async () => {
    const first = matches<Slot>(
      await sb.bundle(`Slot?service-type=${SERVICE}&${RANGE}&_count=1`),
    )[0]!;
    const schedule = (await sb.get(first.schedule.reference!)).body as unknown as Schedule;
    const practitioner = schedule.actor.find((a) =>
      a.reference?.startsWith('Practitioner/'),
    )!.reference!;
    const bundle = await sb.bundle(
      `Slot?service-type=${SERVICE}&${RANGE}&schedule.actor=${practitioner}&_include=Slot:schedule`,
    );
    expect(matches(bundle).length).toBeGreaterThan(0);
    const schedules = bundle
      .entry!.filter((e) => e.search?.mode === 'include')
      .map((e) => e.resource as Schedule);
    expect(schedules.length).toBeGreaterThan(0);
    expect(schedules.every((s) => s.actor.some((a) => a.reference === practitioner))).toBe(true);
  });

  it('needs a date pair with patient, practitioner or location for Appointments', async () => {
    expect((await refusal('Appointment?patient=Patient/1001')).status).toBe(400);
    expect((await refusal('Appointment?date=ge2026-03-01&date=lt2026-03-08')).status).toBe(400);
    expect(
      (await sb.get('Appointment?patient=Patient/1001&date=ge2026-03-01&date=lt2026-03-08')).status,
    ).toBe(200);
    expect(
      (
        await sb.get(
          'Appointment?practitioner=Practitioner/101&date=ge2026-03-01&date=lt2026-03-08',
        )
      ).status,
    ).toBe(200);
  });

  it('declares no PUT on Appointment, and refuses one with 405', async () => {
    const statement = (await sb.get('metadata')).body as unknown as CapabilityStatement;
    const appointment = statement.rest![0]!.resource!.find((r) => r.type === 'Appointment')!;
    expect(appointment.interaction!.map((i) => i.code)).toEqual([
      'read',
      'search-type',
      'create',
      'patch',
    ]);
    const put = await sb.fhir('Appointment/x', {
      method: 'PUT',
      body: JSON.stringify({ resourceType: 'Appointment', id: 'x' }),
    });
    expect(put.status).toBe(405);
  });
});

describe('oracle booking and cancel', () => {
  let index = 0;
  async function freeSlot() {
    const slot = matches<Slot>(
      await sb.bundle(`Slot?service-type=${SERVICE}&${RANGE}&status=free&_count=50`),
    )[index]!;
    index += 1;
    return slot;
  }
  const body = (slot: Slot, participant: Appointment['participant']) => ({
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slot.id}` }],
    participant,
  });
  const patient = { actor: { reference: 'Patient/1001' }, status: 'accepted' as const };

  it('books with exactly one Slot and one accepted Patient participant', async () => {
    const slot = await freeSlot();
    const refused = [
      body(slot, [patient, { actor: { reference: 'Practitioner/101' }, status: 'accepted' }]),
      body(slot, [{ ...patient, status: 'needs-action' }]),
      body(slot, [{ ...patient, type: [{ text: 'patient' }] }]),
      { ...body(slot, [patient]), status: 'proposed' },
    ];
    for (const appointment of refused) {
      expect((await sb.post('Appointment', appointment)).status).toBe(422);
    }
    const booked = await sb.post('Appointment', body(slot, [patient]));
    expect(booked.status).toBe(201);
    expect(booked.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('cancels by JSON Patch with If-Match only: 412 without, 409 when stale', async () => {
    const slot = await freeSlot();
    const booked = await sb.post('Appointment', body(slot, [patient]));
    const id = (booked.body as unknown as Appointment).id!;
    const patch = (headers: Record<string, string>) =>
      sb.fhir(`Appointment/${id}`, {
        method: 'PATCH',
        body: JSON.stringify([{ op: 'replace', path: '/status', value: 'cancelled' }]),
        headers: { 'content-type': 'application/json-patch+json', ...headers },
      });
    expect((await patch({})).status).toBe(412);
    expect((await patch({ 'if-match': 'W/"old"' })).status).toBe(409);
    const cancelled = await patch({ 'if-match': booked.headers.get('etag')! });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(((await sb.get(`Slot/${slot.id}`)).body as unknown as Slot).status).toBe('free');
  });

  it("follows Oracle's transitions: booked can arrive, but not be fulfilled at once", async () => {
    const slot = await freeSlot();
    const booked = await sb.post('Appointment', body(slot, [patient]));
    const id = (booked.body as unknown as Appointment).id!;
    const to = (status: string, etag: string) =>
      sb.fhir(`Appointment/${id}`, {
        method: 'PATCH',
        body: JSON.stringify([{ op: 'replace', path: '/status', value: status }]),
        headers: { 'content-type': 'application/json-patch+json', 'if-match': etag },
      });
    const etag = booked.headers.get('etag')!;
    expect((await to('fulfilled', etag)).status).toBe(422);
    expect((await to('checked-in', etag)).status).toBe(200);
  });
});
