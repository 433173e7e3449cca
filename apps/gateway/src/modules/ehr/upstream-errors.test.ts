import { describe, expect, it } from 'vitest';

import type { HttpError } from '../../lib/http-errors.js';

import { toHttpError } from './athena/athena-errors.js';
import { AthenaError } from './athena/athena-failure.js';
import { fhirHttpError } from './fhir/fhir-errors.js';

const refused = (status: number, body?: unknown) =>
  new AthenaError('rejected', `refused ${status}`, status, body);
const answer = (error: HttpError) => [error.statusCode, error.code, error.message];

describe("an EHR's refusal, in each connector's names", () => {
  it('athena: not found, slot taken, bad request and anything else', () => {
    const what = 'book the appointment';
    expect(answer(toHttpError(refused(404), what))).toEqual([
      404,
      'ATHENA_NOT_FOUND',
      'Not found in Athena EHR: could not book the appointment',
    ]);
    expect(answer(toHttpError(refused(409), what))).toEqual([
      409,
      'SLOT_UNAVAILABLE',
      'That appointment time was already booked or is not available for booking',
    ]);
    expect(answer(toHttpError(refused(400, { error: 'Bad date' }), what))).toEqual([
      400,
      'ATHENA_BAD_REQUEST',
      'Athena EHR could not book the appointment: Bad date',
    ]);
    expect(answer(toHttpError(refused(418), what))).toEqual([
      502,
      'ATHENA_UPSTREAM_ERROR',
      'Athena EHR could not book the appointment (418)',
    ]);
  });

  it('FHIR: the same answers, the sentence starting with a capital', () => {
    const what = 'read the patient';
    const outcome = { resourceType: 'OperationOutcome', issue: [{ diagnostics: 'No such id' }] };
    expect(answer(fhirHttpError(refused(404), what))).toEqual([
      404,
      'FHIR_NOT_FOUND',
      'Not found in the FHIR EHR: could not read the patient',
    ]);
    expect(answer(fhirHttpError(refused(412, outcome), what))).toEqual([
      409,
      'SLOT_UNAVAILABLE',
      'No such id',
    ]);
    expect(answer(fhirHttpError(refused(422), what))).toEqual([
      400,
      'FHIR_BAD_REQUEST',
      'The FHIR EHR could not read the patient: bad request',
    ]);
    expect(answer(fhirHttpError(refused(500), what))).toEqual([
      502,
      'FHIR_UPSTREAM_ERROR',
      'The FHIR EHR could not read the patient (500)',
    ]);
  });
});
