import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { setup, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await setup();
});
afterAll(() => sb.app.close());

const GETS = [
  '/patients?limit=-5',
  '/patients?offset=abc',
  '/patients?dob=%00',
  '/patients?departmentid=,,,',
  '/patients/enhancedbestmatch?firstname=&lastname=&dob=',
  '/patients/enhancedbestmatch?firstname=a&lastname=b&dob=01/01/2000&minscore=x',
  '/patients/1e5',
  '/patients/99999999999999999999999/appointments',
  '/patients/1001/appointments?startdate=99/99/9999',
  '/patients/1001/appointments?startdate=03/10/2026&enddate=03/01/2026',
  '/departments/-1',
  '/appointmenttypes?providerids=-',
  '/appointments/open?departmentid=1&reasonid=abc',
  '/appointments/open?departmentid=1&reasonid=-1&providerid=1.5',
  '/appointments/open?departmentid=1&appointmenttypeid=5&limit=0',
  '/appointments/booked?departmentid=1&startdate=x&enddate=y',
  '/appointments/%20',
  '/appointments/1234567890123',
];

describe('bad input', () => {
  it.each(GETS)('GET %s answers an athena-style 4xx, never a 5xx', async (path) => {
    const response = await sb.get(path);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
  });

  it('reads the first of repeated parameters and tolerates undecodable escapes', async () => {
    const repeated = await sb.get('/patients?departmentid=21&departmentid=1&limit=1');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().patients[0].departmentid).toBe('21');
    const escaped = await sb.get('/providers?providertype=%ZZ');
    expect(escaped.statusCode).toBe(200);
    expect(escaped.json()).toMatchObject({ totalcount: 0, providers: [] });
  });

  it('answers 4xx for writes with odd bodies', async () => {
    const auth = { authorization: `Bearer ${sb.bearer}` };
    const attempts = [
      {
        method: 'POST',
        url: '/v1/195900/patients',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '[1,2]',
      },
      {
        method: 'POST',
        url: '/v1/195900/patients',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{bad',
      },
      {
        method: 'POST',
        url: '/v1/195900/patients',
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'firstname=a',
      },
      {
        method: 'POST',
        url: '/v1/195900/patients',
        headers: { ...auth, 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      { method: 'PUT', url: '/v1/195900/appointments/101207800480', headers: auth },
      {
        method: 'PUT',
        url: '/v1/195900/appointments/101207800480?patientid=x&reasonid=-1',
        headers: auth,
      },
      { method: 'PUT', url: '/v1/195900/appointments/101207800480/cancel', headers: auth },
      { method: 'DELETE', url: '/v1/195900/patients/1001', headers: auth },
      {
        method: 'POST',
        url: '/_sandbox/faults',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      },
      {
        method: 'POST',
        url: '/oauth2/v1/token',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      },
    ] as const;
    for (const attempt of attempts) {
      const response = await sb.app.inject(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBeLessThan(500);
    }
  });
});
