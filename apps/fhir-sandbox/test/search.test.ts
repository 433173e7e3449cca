import type { Bundle, CapabilityStatement, Patient, Schedule, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fhirValidationErrors } from '@ehr-gateway/fhir-mapping/validation';
import { createPractice, seededHolder } from '@ehr-gateway/synthetic-practice';

import { matches, startSandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(() => sb.close());

const practice = createPractice();

/** Every page of a search, following next links as given. */
async function allPages(first: string) {
  const pages: Bundle[] = [];
  let url: string | undefined = first;
  while (url) {
    const page = await sb.bundle(url);
    pages.push(page);
    url = page.link?.find((link) => link.relation === 'next')?.url;
  }
  return pages;
}

describe('GET /metadata', () => {
  it('is a valid CapabilityStatement of exactly what the routes serve', async () => {
    const response = await fetch(`${sb.base}/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    const statement = (await response.json()) as CapabilityStatement;
    expect(fhirValidationErrors(statement)).toEqual([]);
    expect(statement).toMatchObject({
      kind: 'instance',
      fhirVersion: '4.0.1',
      format: ['json'],
      status: 'active',
    });
    const rest = statement.rest![0]!;
    expect(rest.security?.extension?.[0]?.extension).toEqual([
      { url: 'token', valueUri: sb.tokenUrl },
    ]);
    const slot = rest.resource!.find((r) => r.type === 'Slot')!;
    expect(slot.interaction!.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(slot.searchParam!.map((p) => p.name)).toEqual([
      '_id',
      'schedule',
      'status',
      'start',
      'service-type',
      'appointment-type',
    ]);
    expect(slot.searchParam![3]).toEqual({
      name: 'start',
      definition: 'http://hl7.org/fhir/SearchParameter/Slot-start',
      type: 'date',
    });
    const appointment = rest.resource!.find((r) => r.type === 'Appointment')!;
    expect(appointment.interaction!.map((i) => i.code)).toEqual([
      'read',
      'search-type',
      'create',
      'update',
      'patch',
    ]);
    expect(rest.resource!.find((r) => r.type === 'Patient')!.supportedProfile).toEqual([
      'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
    ]);
    for (const resource of rest.resource!) {
      const served = await sb.get(`${resource.type}?_count=1`);
      expect(served.status, resource.type).toBe(200);
    }
    expect((await sb.get('Observation?_count=1')).status).toBe(404);
  });
});

describe('the same practice as the Mock EHR and the athena sandbox', () => {
  it('serves the synthetic patients, providers and departments with their ids', async () => {
    const first = practice.patients[0]!;
    const patient = (await sb.get(`Patient/${first.id}`)).body as unknown as Patient;
    expect(patient.name?.[0]).toMatchObject({ family: first.lastName, given: [first.firstName] });
    expect(patient.birthDate).toBe(first.dob);
    expect(fhirValidationErrors(patient)).toEqual([]);
    const byName = await sb.bundle(
      `Patient?family=${encodeURIComponent(first.lastName)}&birthdate=${first.dob}`,
    );
    expect(matches<Patient>(byName).map((p) => p.id)).toContain(String(first.id));
    const providers = await sb.bundle('Practitioner?_count=100');
    expect(providers.total).toBe(practice.providers.length);
    const locations = await sb.bundle('Location?_count=100');
    expect(
      matches(locations)
        .map((l) => l.id)
        .sort(),
    ).toEqual(practice.departments.map((d) => String(d.id)).sort());
  });

  it('publishes every scheduled slot: free where no one booked it, busy where the seed did', async () => {
    const day = practice.scheduledSlots({
      startDate: '2026-03-04',
      endDate: '2026-03-04',
      departmentIds: [1],
    });
    const department = await sb.bundle('Schedule?actor=Location/1');
    const scheduleIds = matches<Schedule>(department).map((s) => `Schedule/${s.id}`);
    const found = (
      await allPages(
        `Slot?schedule=${scheduleIds.join(',')}&start=ge2026-03-04T00:00:00-05:00&start=lt2026-03-05T00:00:00-05:00&_count=100`,
      )
    ).flatMap((page) => matches<Slot>(page));
    expect(found.map((s) => s.id).sort()).toEqual(day.map((s) => s.id).sort());
    for (const slot of found) {
      const seeded = seededHolder(practice.slot(slot.id!)!, practice).status;
      expect(slot.status).toBe(seeded === 'booked' ? 'busy' : 'free');
    }
  });

  it("offers the athena sandbox's open slots, slot for slot", async () => {
    const { buildSandbox } = await import('@ehr-gateway/athena-sandbox');
    const athena = buildSandbox({
      now: () => new Date('2026-03-02T15:00:00Z'),
      tokenLimitPerMinute: 100,
    });
    try {
      const token = (
        await athena.inject({
          method: 'POST',
          url: '/oauth2/v1/token',
          headers: {
            authorization: `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'grant_type=client_credentials',
        })
      ).json<{ access_token: string }>().access_token;
      const types = practice.appointmentTypes.map((t) => t.id).join(',');
      const open = (
        await athena.inject({
          url: `/v1/195900/appointments/open?departmentid=21&appointmenttypeid=${types}&startdate=03/03/2026&enddate=03/05/2026&limit=1000`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{ appointments: { appointmentid: string }[] }>().appointments;
      expect(open.length).toBeGreaterThan(20);
      const free = (
        await allPages(
          'Slot?schedule.actor=Location/21&status=free&start=ge2026-03-03T00:00:00-06:00&start=lt2026-03-06T00:00:00-06:00&_count=100',
        )
      ).flatMap((page) => matches<Slot>(page));
      expect(free.map((s) => s.id).sort()).toEqual(open.map((a) => a.appointmentid).sort());
    } finally {
      await athena.close();
    }
  });
});

describe('paging', () => {
  it('follows next links through hundreds of slots without a duplicate or a gap', async () => {
    const query = 'Slot?status=free&start=ge2026-03-03T00:00:00Z&start=lt2026-03-06T00:00:00Z';
    const pages = await allPages(`${query}&_count=37`);
    const ids = pages.flatMap((page) => matches<Slot>(page).map((s) => s.id));
    expect(ids.length).toBeGreaterThanOrEqual(250);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.every((page) => page.total === ids.length)).toBe(true);
    expect(pages.slice(0, -1).every((page) => matches(page).length === 37)).toBe(true);
    const expected = practice
      .scheduledSlots({ startDate: '2026-03-02', endDate: '2026-03-06' })
      .filter((slot) => seededHolder(slot, practice).status === 'open');
    const inRange = new Set(
      expected
        .map((slot) => ({ slot, open: Date.parse(`${slot.date}T${slot.startTime}:00Z`) }))
        .map(({ slot }) => slot.id),
    );
    expect(ids.every((id) => inRange.has(id!))).toBe(true);
    expect(fhirValidationErrors(pages[0]!)).toEqual([]);
  });

  it('links with an opaque cursor and refuses one it did not issue', async () => {
    const page = await sb.bundle('Slot?status=free&_count=5');
    expect(page.link?.[0]).toEqual({
      relation: 'self',
      url: `${sb.base}/Slot?status=free&_count=5`,
    });
    const next = page.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toMatch(new RegExp(`^${sb.base}/Slot\\?_cursor=[A-Za-z0-9_-]+$`));
    const forged = await sb.get('Slot?_cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('_cursor: not a cursor this server issued');
  });

  it('defaults _count to 20 and caps it at 100', async () => {
    expect(matches(await sb.bundle('Slot')).length).toBe(20);
    expect(matches(await sb.bundle('Slot?_count=1000')).length).toBe(100);
    const none = await sb.bundle('Slot?status=free&_count=0');
    expect(none.entry).toBeUndefined();
    expect(none.total).toBeGreaterThan(100);
  });
});

describe('search parameters', () => {
  it('reads date prefixes, tokens with systems and repeated parameters', async () => {
    const system = 'urn:ehr-gateway:fhir-sandbox:195900:appointment-type';
    const slots = matches<Slot>(
      await sb.bundle(
        `Slot?service-type=${encodeURIComponent(`${system}|5`)}&start=gt2026-03-03T12:00:00Z&start=le2026-03-04&_count=100`,
      ),
    );
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.serviceType?.[0]?.coding?.[0]).toMatchObject({ system, code: '5' });
      expect(Date.parse(slot.start)).toBeGreaterThan(Date.parse('2026-03-03T12:00:00Z'));
      expect(Date.parse(slot.start)).toBeLessThan(Date.parse('2026-03-05T00:00:00Z'));
    }
    const otherSystem = await sb.bundle(`Slot?service-type=${encodeURIComponent('urn:other|5')}`);
    expect(otherSystem.total).toBe(0);
  });

  it('reports unknown parameters, or refuses them with Prefer: handling=strict', async () => {
    const lenient = await sb.bundle(
      'Slot?status=free&_count=2&colour=blue&schedule.actor:Location.name=x&_elements=id',
    );
    expect(matches(lenient)).toHaveLength(2);
    const outcome = lenient.entry!.find((e) => e.search?.mode === 'outcome')!.resource!;
    expect(outcome).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'warning',
          code: 'not-supported',
          expression: ['colour', 'schedule.actor:Location.name', '_elements'],
        },
      ],
    });
    expect(fhirValidationErrors(lenient)).toEqual([]);
    const strict = await sb.fhir('Slot?status=free&colour=blue', {
      headers: { prefer: 'handling=strict' },
    });
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'invalid', expression: ['colour'] }],
    });
  });

  it('refuses malformed values naming the parameter (the engine would read them silently)', async () => {
    for (const [query, parameter] of [
      ['Slot?start=tomorrow', 'start'],
      ['Slot?start=ge2026-02-30', 'start'],
      ['Slot?schedule=Schedule/', 'schedule'],
      ['Slot?_count=many', '_count'],
      ['Appointment?date=2026-13', 'date'],
    ]) {
      const response = await sb.get(query!);
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({
        issue: [{ severity: 'error', expression: [parameter] }],
      });
    }
  });

  it('includes Slot:schedule and resolves the schedule.actor chain itself', async () => {
    const bundle = await sb.bundle(
      'Slot?schedule.actor=Practitioner/101&status=free&_count=3&_include=Slot:schedule',
    );
    const slots = matches<Slot>(bundle);
    expect(slots).toHaveLength(3);
    const included = bundle
      .entry!.filter((e) => e.search?.mode === 'include')
      .map((e) => e.resource as Schedule);
    expect(included.length).toBeGreaterThan(0);
    expect(new Set(slots.map((s) => s.schedule.reference))).toEqual(
      new Set(included.map((s) => `Schedule/${s.id}`)),
    );
    expect(included.every((s) => s.actor.some((a) => a.reference === 'Practitioner/101'))).toBe(
      true,
    );
    expect((await sb.bundle('Slot?schedule.actor=Practitioner/999999')).total).toBe(0);
  });

  it('answers JSON only: XML is 406', async () => {
    expect((await sb.get('Slot?_count=1&_format=json')).status).toBe(200);
    expect((await sb.get('Slot?_count=1&_format=xml')).status).toBe(406);
    const xml = await sb.fhir('Patient/1001', { headers: { accept: 'application/fhir+xml' } });
    expect(xml.status).toBe(406);
    expect(xml.body).toMatchObject({ resourceType: 'OperationOutcome' });
    expect((await sb.get('Patient/nope')).status).toBe(404);
  });
});
