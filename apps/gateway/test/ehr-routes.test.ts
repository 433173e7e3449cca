import { describe, expect, it } from 'vitest';

import { adminRequest, databaseTargets, useGateway } from './helpers.js';
import { scheduleDate } from './schedule.js';

describe.each(databaseTargets)('EHR routes on the Mock EHR ($name)', (target) => {
  const gw = useGateway(target);

  const get = (url: string) =>
    gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': gw.key } });
  const fieldsOf = (body: { details?: { field: string }[] }) => body.details?.map((d) => d.field);

  it('lists patients 50 at a time with totalCount, and pages with limit and offset', async () => {
    const first = await get('/api/12345/patients?source=mock');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.totalCount).toBeGreaterThanOrEqual(200);
    expect(body.patients).toHaveLength(50);
    expect(body.patients[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      firstName: expect.any(String),
      lastName: expect.any(String),
      dob: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      gender: expect.stringMatching(/^[MF]$/),
    });
    const next = (await get('/api/12345/patients?source=mock&limit=5&offset=50')).json();
    expect(next.patients.map((p: { id: string }) => p.id)).toEqual(
      (await get('/api/12345/patients?source=mock&limit=55'))
        .json()
        .patients.slice(50)
        .map((p: { id: string }) => p.id),
    );
  });

  it('filters patients by name, case-insensitively', async () => {
    const { patients } = (await get('/api/12345/patients?source=mock&lastName=SMI')).json();
    expect(patients.length).toBeGreaterThan(0);
    expect(
      patients.every((p: { lastName: string }) => p.lastName.toLowerCase().startsWith('smi')),
    ).toBe(true);
  });

  it('returns one patient with contact details, and 404 for an unknown one', async () => {
    const patient = (await get('/api/12345/patients/1001?source=mock')).json();
    expect(patient).toMatchObject({
      id: '1001',
      phone: expect.stringMatching(/^\d{10}$/),
      email: expect.stringContaining('@'),
      address: {
        line1: expect.any(String),
        city: expect.any(String),
        state: expect.any(String),
        zip: expect.any(String),
      },
    });
    const missing = await get('/api/12345/patients/999999?source=mock');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('999999');
  });

  it('lists booked appointments for a day and a provider in the normalized shape', async () => {
    const day = scheduleDate({ needs: 'booked', daysAhead: 3 });
    const all = (await get(`/api/12345/appointments?source=mock&startDate=${day}`)).json();
    expect(all.totalCount).toBe(all.appointments.length);
    expect(all.totalCount).toBeGreaterThan(0);
    const [appointment] = all.appointments;
    expect(appointment).toEqual({
      id: expect.stringMatching(/^\d{12}$/),
      patientId: expect.stringMatching(/^\d+$/),
      providerId: expect.stringMatching(/^\d+$/),
      startTime: expect.stringMatching(new RegExp(`^${day}T\\d{2}:\\d{2}:00[-+]\\d{2}:\\d{2}$`)),
      endTime: expect.any(String),
      appointmentType: expect.any(String),
      status: 'Scheduled',
    });
    expect(Date.parse(appointment.endTime)).toBeGreaterThan(Date.parse(appointment.startTime));

    const forProvider = (
      await get(
        `/api/12345/appointments?source=mock&startDate=${day}&providerId=${appointment.providerId}`,
      )
    ).json();
    expect(
      forProvider.appointments.every(
        (a: { providerId: string }) => a.providerId === appointment.providerId,
      ),
    ).toBe(true);

    const detail = (await get(`/api/12345/appointments/${appointment.id}?source=mock`)).json();
    expect(detail).toMatchObject({
      ...appointment,
      duration: expect.any(Number),
      department: { id: expect.any(String), name: expect.any(String) },
      notes: null,
    });
  });

  it('lists providers, departments and referring providers', async () => {
    const providers = (await get('/api/12345/providers?source=mock&limit=3')).json();
    expect(providers.totalCount).toBeGreaterThanOrEqual(20);
    expect(providers.providers).toHaveLength(3);
    expect(providers.providers[0]).toMatchObject({
      id: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      specialty: expect.any(String),
      npi: expect.stringMatching(/^\d{10}$/),
    });
    const departments = (await get('/api/12345/departments?source=mock')).json();
    expect(departments.totalCount).toBeGreaterThanOrEqual(5);
    expect(departments.departments[0].timezone).toMatch(/^America\//);
    const referring = (await get('/api/12345/referring-providers?source=mock')).json();
    expect(referring.referringProviders[0]).toMatchObject({
      id: expect.any(String),
      npi: expect.any(String),
    });
  });

  it('returns a patient with their appointments; endDate defaults to startDate', async () => {
    const day = scheduleDate({ needs: 'booked', daysAhead: 3 });
    const { appointments } = (
      await get(`/api/12345/appointments?source=mock&startDate=${day}`)
    ).json();
    const patientId = appointments[0].patientId;
    const answer = (
      await get(
        `/api/12345/patient-with-appointments?source=mock&patientId=${patientId}&startDate=${day}`,
      )
    ).json();
    expect(answer.patient.id).toBe(patientId);
    expect(answer.appointments.length).toBeGreaterThan(0);
    expect(answer.appointments.every((a: { patientId: string }) => a.patientId === patientId)).toBe(
      true,
    );
  });

  it.each([
    ['/api/12345/appointments?source=mock', 'startDate'],
    ['/api/12345/appointments?source=mock&startDate=2026-02-30', 'startDate'],
    ['/api/12345/appointments?source=mock&startDate=12/01/2026', 'startDate'],
    ['/api/12345/appointments?source=mock&startDate=2026-12-10&endDate=2026-12-01', 'endDate'],
    ['/api/12345/appointments?source=mock&startDate=2026-01-01&endDate=2026-12-31', 'endDate'],
    ['/api/12345/appointments?source=mock&startDate=2026-12-01&providerId=abc', 'providerId'],
    ['/api/12345/patients?source=mock&limit=0', 'limit'],
    ['/api/12345/patients?source=mock&limit=501', 'limit'],
    ['/api/12345/patients?source=mock&offset=-1', 'offset'],
    ['/api/12345/patients/abc?source=mock', 'patientId'],
    ['/api/12345/appointments/12a?source=mock', 'appointmentId'],
    ['/api/12345/patient-with-appointments?source=mock&startDate=2026-12-01', 'patientId'],
    ['/api/12345/patient-with-appointments?source=mock&patientId=1001', 'startDate'],
    ['/api/12345/patients?source=epic', 'source'],
    ['/api/12x45/patients?source=mock', 'practiceId'],
    ['/api/12345/patients?source=mock&color=red', 'color'],
  ])('%s → 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toContain(field);
  });

  it('answers 404 for another practice on the Mock EHR', async () => {
    const response = await get('/api/99999/patients?source=mock');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'The Mock EHR serves practice 12345; there is no practice 99999',
    );
  });

  it('answers 503 for athena when it is not configured (athena is the default source)', async () => {
    const response = await get('/api/12345/patients');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: expect.stringMatching(
        /^Athena EHR is not configured: set ATHENA_BASE_URL, .*source=mock/,
      ),
      code: 'ATHENA_NOT_CONFIGURED',
    });
  });

  it('answers 503 for source=fhir when the FHIR EHR is not configured', async () => {
    const response = await get('/api/12345/patients?source=fhir');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: expect.stringMatching(
        /^FHIR EHR is not configured: set FHIR_BASE_URL, .*source=mock/,
      ),
      code: 'FHIR_NOT_CONFIGURED',
    });
  });

  it('takes opaque ids for source=fhir and numeric ids only for the others', async () => {
    const uuid = '3f1c2a9e-7b4d-4e21-9c55-0a8b6d2e1f00';
    const fhir = await get(`/api/12345/patients/${uuid}?source=fhir`);
    expect(fhir.json().code).toBe('FHIR_NOT_CONFIGURED');
    const mock = await get(`/api/12345/patients/${uuid}?source=mock`);
    expect(mock.statusCode).toBe(400);
    expect(mock.json().details).toEqual([
      { field: 'patientId', message: 'must be a numeric id for source=mock' },
    ]);
    const bad = await get('/api/12345/patients/a%20b?source=fhir');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toContain('patientId');
  });

  it('logs EHR calls under the EHR that answered, with the path the client used', async () => {
    await get('/api/12345/departments?source=mock');
    await get('/api/12345/departments');
    await gw.app.requestLogWriter.flush();
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?endpoint=/departments',
    });
    const sources = logs
      .json()
      .logs.map((entry: { source: string; endpoint: string }) => [entry.source, entry.endpoint]);
    expect(sources).toEqual(
      expect.arrayContaining([
        ['mock', '/api/12345/departments'],
        ['athena', '/api/12345/departments'],
      ]),
    );
  });

  it('follows a new apiRoot at once and documents the routes under it', async () => {
    const config = { apiRoot: '/ehr', practiceId: '12345', logLevel: 'info', caching: false };
    expect(
      (
        await adminRequest(gw.app, gw.cookie, {
          method: 'PUT',
          url: '/admin/config',
          payload: config,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/ehr/12345/departments?source=mock')).statusCode).toBe(200);
    expect((await get('/api/12345/departments?source=mock')).statusCode).not.toBe(200);
    const openapi = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(openapi.paths)).toContain('/ehr/{practiceId}/patients');
    expect(Object.keys(openapi.paths).some((path) => path.startsWith('/_ehr'))).toBe(false);
    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, apiRoot: '/api' },
    });
  });

  it('follows a new practiceId for the Mock EHR', async () => {
    const config = { apiRoot: '/api', practiceId: '195900', logLevel: 'info', caching: false };
    await adminRequest(gw.app, gw.cookie, { method: 'PUT', url: '/admin/config', payload: config });
    expect((await get('/api/195900/departments?source=mock')).statusCode).toBe(200);
    expect((await get('/api/12345/departments?source=mock')).statusCode).toBe(404);
    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, practiceId: '12345' },
    });
  });

  it('caches EHR reads when caching is on, per source, practice, path and query', async () => {
    const config = { apiRoot: '/api', practiceId: '12345', logLevel: 'info', caching: true };
    await adminRequest(gw.app, gw.cookie, { method: 'PUT', url: '/admin/config', payload: config });
    const first = await get('/api/12345/providers?source=mock&limit=4');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await get('/api/12345/providers?source=mock&limit=4');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect((await get('/api/12345/providers?source=mock&limit=5')).headers['x-cache']).toBe('MISS');
    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, caching: false },
    });
    expect(
      (await get('/api/12345/providers?source=mock&limit=4')).headers['x-cache'],
    ).toBeUndefined();
  });
});
