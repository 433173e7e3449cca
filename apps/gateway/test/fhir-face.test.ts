import type { Bundle, OperationOutcome, Resource, Slot } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decodeSlotId, nextPageUrl } from '@ehr-gateway/fhir-mapping';
import { fhirValidationErrors, loadFhirDefinitions } from '@ehr-gateway/fhir-mapping/validation';

import { startAthenaSourceApp, type AthenaSourceApp } from './athena-source-app.js';
import { scheduleDate } from './schedule.js';

const BASES = { mock: '/fhir/r4/mock/12345', athena: '/fhir/r4/athena/195900' } as const;

/** The FHIR face against both EHRs: every answer validates with @medplum/core, 0 errors. */
describe('FHIR R4 face', () => {
  let started: AthenaSourceApp | undefined;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    loadFhirDefinitions();
    started = await startAthenaSourceApp({
      settings: {
        // Paging through 250 slots calls athena faster than the default 10 per second allows on
        // a slow machine; the governor has tests of its own.
        athenaGovernor: { maxQps: 200, maxConcurrency: 20, queueTimeoutMs: 10_000, instances: 1 },
      },
    });
    ({ app, key } = started);
  }, 240_000);
  afterAll(async () => {
    await started?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });

  const valid = (resource: Resource) => {
    const errors = fhirValidationErrors(resource);
    expect(errors, JSON.stringify(errors.slice(0, 3))).toEqual([]);
    return resource;
  };

  describe.each(Object.entries(BASES))('%s', (source, base) => {
    it('answers metadata with a CapabilityStatement that validates', async () => {
      const response = await get(`${base}/metadata`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('application/fhir+json');
      const statement = valid(response.json());
      expect(statement).toMatchObject({
        resourceType: 'CapabilityStatement',
        fhirVersion: '4.0.1',
        kind: 'instance',
      });
    });

    it.each(['Patient', 'Practitioner', 'Location', 'Schedule', 'Appointment'])(
      'searches %s and reads the first match back; both validate',
      async (type) => {
        const response = await get(`${base}/${type}?_count=3`);
        expect(response.statusCode, response.body).toBe(200);
        const bundle = valid(response.json()) as Bundle;
        expect(bundle.type).toBe('searchset');
        const first = bundle.entry?.[0]?.resource;
        expect(first?.resourceType, source).toBe(type);
        const read = await get(`${base}/${type}/${first!.id}`);
        expect(read.statusCode, read.body).toBe(200);
        valid(read.json());
      },
    );

    it('lists free slots with _include=Slot:schedule, reads one, pages through next links', async () => {
      const day = scheduleDate({ atLeast: 5 });
      const response = await get(
        `${base}/Slot?status=free&start=ge${day}&_include=Slot:schedule&_count=100`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const bundle = valid(response.json()) as Bundle;
      expect(bundle.entry?.some((e) => e.search?.mode === 'include')).toBe(true);
      const slot = bundle.entry!.find((e) => e.resource?.resourceType === 'Slot')!.resource!;
      const read = await get(`${base}/Slot/${slot.id}`);
      expect(read.statusCode, read.body).toBe(200);
      valid(read.json());
      const seen = new Set<string>();
      let url: string | undefined = `${base}/Slot?start=ge${day}&_count=37`;
      while (url && seen.size < 250) {
        const page = (await get(url.replace(/^https?:\/\/[^/]+/, ''))).json() as Bundle;
        for (const entry of page.entry ?? []) {
          expect(seen.has(entry.resource!.id!)).toBe(false);
          seen.add(entry.resource!.id!);
        }
        url = nextPageUrl(page);
      }
      expect(seen.size).toBeGreaterThanOrEqual(250);
      const all = (await get(`${base}/Slot?start=ge${day}&_count=100`)).json() as Bundle;
      expect(all.total).toBeGreaterThanOrEqual(250);
    });

    it('filters free slots by appointment-type: the same slots as filtering the day by hand', async () => {
      const day = scheduleDate({ atLeast: 5 });
      const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      const day1 = `status=free&start=ge${day}&start=lt${dayAfter}&_count=100`;
      const typeOf = (entry: { resource?: Resource }) =>
        decodeSlotId(entry.resource!.id!)!.appointmentTypeId;
      // One schedule's day: a provider's morning and afternoon visit types.
      const first = ((await get(`${base}/Slot?${day1}`)).json() as Bundle<Slot>).entry![0]!;
      const window = `${day1}&schedule=${first.resource!.schedule.reference!}`;
      const all = (await get(`${base}/Slot?${window}`)).json() as Bundle;
      expect(all.total).toBeLessThanOrEqual(100);
      const type = typeOf(all.entry![0]!)!;
      const response = await get(`${base}/Slot?${window}&appointment-type=${type}`);
      expect(response.statusCode, response.body).toBe(200);
      const filtered = valid(response.json()) as Bundle;
      const ids = (bundle: Bundle, keep: (entry: { resource?: Resource }) => boolean) =>
        (bundle.entry ?? []).filter(keep).map((entry) => entry.resource!.id);
      expect(ids(filtered, () => true)).toEqual(ids(all, (entry) => typeOf(entry) === type));
      expect(filtered.total).toBeLessThan(all.total!);
    });

    it('reads the Organization', async () => {
      const response = await get(`${base}/Organization/${base.split('/').pop()}`);
      expect(response.statusCode, response.body).toBe(200);
      valid(response.json());
    });
  });

  it('answers errors as OperationOutcomes with their statuses', async () => {
    const cases: Array<[number, () => ReturnType<typeof get>]> = [
      [404, () => get(`${BASES.mock}/Patient/99999999`)],
      [401, () => app.inject({ method: 'GET', url: `${BASES.mock}/Patient/1` })],
      [406, () => get(`${BASES.mock}/Patient?_format=xml`)],
      [406, () => get(`${BASES.mock}/metadata`, { accept: 'application/fhir+xml' })],
      [
        405,
        () =>
          app.inject({
            method: 'DELETE',
            url: `${BASES.mock}/Patient/1`,
            headers: { 'x-api-key': key },
          }),
      ],
      [400, () => get(`${BASES.mock}/Patient?bogus=1`, { prefer: 'handling=strict' })],
      [404, () => get(`${BASES.mock}/Nothing`)],
    ];
    for (const [status, send] of cases) {
      const response = await send();
      expect(response.statusCode, response.body).toBe(status);
      const outcome = valid(response.json()) as OperationOutcome;
      expect(outcome.resourceType).toBe('OperationOutcome');
    }
  });
});
