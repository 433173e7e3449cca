import { describe, expect, it } from 'vitest';

import { decodeSlotId } from '@ehr-gateway/fhir-mapping';

import { docsByTab } from './doc-tabs';
import type { OpenApiDocument, OpenApiOperation } from './openapi';

const pathParams = (withId: boolean): OpenApiOperation['parameters'] => [
  { in: 'path', name: 'source', schema: { type: 'string', enum: ['athena', 'mock', 'fhir'] } },
  { in: 'path', name: 'practiceId', schema: { type: 'string', pattern: '^\\d{1,20}$' } },
  ...(withId ? [{ in: 'path' as const, name: 'id', schema: { type: 'string' } }] : []),
];
const op = (operationId: string, withId = false): OpenApiOperation => ({
  operationId,
  summary: operationId,
  tags: ['FHIR R4'],
  parameters: pathParams(withId),
  security: [{ apiKey: [] }],
  responses: { '200': { description: 'OK' }, '400': { description: 'Bad request' } },
});

/** The FHIR face as the gateway's OpenAPI document lists it (a few of its routes). */
const DOCUMENT: OpenApiDocument = {
  paths: {
    // The connector's key set is tagged FHIR R4 too, but is no route of the face.
    '/.well-known/jwks.json': { get: { ...op('fhirJwks'), parameters: [] } },
    '/fhir/r4/{source}/{practiceId}/metadata': { get: op('fhirCapabilities') },
    '/fhir/r4/{source}/{practiceId}/Slot': { get: op('fhirSearchSlot') },
    '/fhir/r4/{source}/{practiceId}/Patient/{id}': { get: op('fhirReadPatient', true) },
    '/fhir/r4/{source}/{practiceId}/Appointment': {
      post: { ...op('fhirBookAppointment'), responses: { '201': { description: 'Booked' } } },
    },
    '/fhir/r4/{source}/{practiceId}/Appointment/{id}': {
      patch: op('fhirPatchAppointment', true),
    },
  },
};

describe('FHIR endpoint cards', () => {
  const context = { origin: 'https://gw.test', practiceId: '12345', athenaPracticeId: '195900' };
  const fhir = docsByTab(DOCUMENT, context).fhir;
  const byId = (id: string) => fhir.find((doc) => doc.anchor === id)!;

  it('lists every route of the FHIR face in the document under its operationId', () => {
    expect(fhir.map((doc) => doc.anchor)).toEqual([
      'fhirCapabilities',
      'fhirSearchSlot',
      'fhirReadPatient',
      'fhirBookAppointment',
      'fhirPatchAppointment',
    ]);
    expect(fhir.every((doc) => doc.auth === 'API key (x-api-key)')).toBe(true);
  });

  it("documents a search's declared parameters and paging, with an example at the EHR shown", () => {
    const slots = byId('fhirSearchSlot');
    const names = slots.parameters.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['source', 'practiceId', 'start', 'schedule']));
    expect(slots.parameters.find((row) => row.name === 'start')?.description).toMatch(/UTC/);
    expect(slots.parameters.find((row) => row.name === '_count')?.description).toMatch(
      /20 by default, at most 100/,
    );
    expect(slots.exampleRequest).toContain(
      "'https://gw.test/fhir/r4/athena/195900/Slot?status=free&start=ge",
    );
    expect(slots.exampleResponse).toContain('"relation": "next"');
    expect(slots.tryRequest.query).toEqual(expect.arrayContaining([['status', 'free']]));
  });

  it('fills ids the sample practice answers for, and the bodies that book and cancel', () => {
    expect(byId('fhirReadPatient').tryRequest.url).toBe(
      'https://gw.test/fhir/r4/athena/195900/Patient/1001',
    );
    const book = byId('fhirBookAppointment');
    const body = JSON.parse(book.tryRequest.body!) as { slot: Array<{ reference: string }> };
    expect(decodeSlotId(body.slot[0]!.reference.replace('Slot/', ''))).not.toBeNull();
    expect(book.exampleRequest).toContain('Idempotency-Key');
    const cancel = byId('fhirPatchAppointment');
    expect(cancel.exampleRequest).toContain('application/json-patch+json');
    expect(cancel.tryRequest.body).toContain('"cancelled"');
  });

  it('asks the Mock EHR where athena is not set up', () => {
    const mock = docsByTab(DOCUMENT, { ...context, defaultSource: 'mock' }).fhir;
    expect(mock[0]!.tryRequest.url).toBe('https://gw.test/fhir/r4/mock/12345/metadata');
  });
});
