import { beforeEach, describe, expect, it } from 'vitest';

import { lastFhirBooking, rememberFhirBooking } from './fhir-bookings';

const BASE = '/fhir/r4/fhir/12345';
const answer = (status: number, body: unknown) => ({ status, data: JSON.stringify(body) });

describe('the tester remembers FHIR bookings', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the Appointment a POST …/Appointment answered with (201 or 200), per FHIR base', () => {
    rememberFhirBooking(
      { method: 'POST', url: `https://gw.test${BASE}/Appointment` },
      answer(201, { resourceType: 'Appointment', id: 'a-1' }),
    );
    rememberFhirBooking(
      { method: 'POST', url: 'https://gw.test/fhir/r4/mock/12345/Appointment' },
      answer(200, { resourceType: 'Appointment', id: '107000000001' }),
    );
    expect(lastFhirBooking(BASE)).toBe('a-1');
    expect(lastFhirBooking('/fhir/r4/mock/12345')).toBe('107000000001');
  });

  it('ignores refusals, other routes and methods, and ids FHIR would not issue', () => {
    const ignored: Array<[string, string, ReturnType<typeof answer>]> = [
      ['POST', `${BASE}/Appointment`, answer(409, { resourceType: 'OperationOutcome' })],
      ['POST', `${BASE}/Appointment`, answer(201, { resourceType: 'Patient', id: 'p' })],
      ['POST', `${BASE}/Appointment`, answer(201, { resourceType: 'Appointment', id: '../x' })],
      ['PATCH', `${BASE}/Appointment/a-2`, answer(200, { resourceType: 'Appointment', id: 'a-2' })],
      ['POST', '/api/12345/appointments', answer(201, { resourceType: 'Appointment', id: 'b' })],
    ];
    for (const [method, url, response] of ignored) {
      rememberFhirBooking({ method, url }, response);
    }
    rememberFhirBooking({ method: 'POST', url: `${BASE}/Appointment` }, { status: 201, data: '{' });
    expect(lastFhirBooking(BASE)).toBeNull();
  });
});
