import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isValidNpi } from '@ehr-gateway/synthetic-practice';

import { json, setup, type ListBody, type Row, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await setup();
});
afterAll(() => sb.app.close());

const allStrings = (row: Row, except: string[] = []) =>
  Object.entries(row)
    .filter(([key]) => !except.includes(key))
    .every(([, value]) => typeof value === 'string');

describe('GET /departments', () => {
  it('lists departments with athena fields, string ids and timezone offsets', async () => {
    const response = await sb.get('/departments');
    expect(response.statusCode).toBe(200);
    const body = json<ListBody<'departments'>>(response);
    expect(body.totalcount).toBe(7);
    expect(body.departments).toHaveLength(7);
    expect(body.next).toBeUndefined();
    expect(body.previous).toBeUndefined();
    const boston = body.departments[0]!;
    expect(boston).toMatchObject({
      departmentid: '1',
      name: 'Downtown Family Medicine',
      patientdepartmentname: 'Downtown Family Medicine',
      city: 'Boston',
      state: 'MA',
      timezonename: 'US/Eastern',
      timezone: -5,
      timezoneoffset: -5,
    });
    expect(boston.zip).toMatch(/^\d{5}$/);
    expect(boston.phone).toMatch(/^\d{10}$/);
    expect(boston.providerlist).toBeUndefined();
    expect(allStrings(boston, ['timezone', 'timezoneoffset'])).toBe(true);
    const names = body.departments.map((d) => d.timezonename);
    expect(names).toContain('US/Arizona');
    expect(names).toContain('US/Pacific');
  });

  it('adds providerlist when asked', async () => {
    const body = json<ListBody<'departments'>>(await sb.get('/departments?providerlist=true'));
    const women = body.departments.find((d) => d.departmentid === '150')!;
    expect(Array.isArray(women.providerlist)).toBe(true);
    expect((women.providerlist as string[]).every((id) => /^\d+$/.test(id))).toBe(true);
  });

  it('pages with limit and offset, linking next and previous', async () => {
    const first = json<ListBody<'departments'>>(await sb.get('/departments?limit=3'));
    expect(first.totalcount).toBe(7);
    expect(first.departments.map((d) => d.departmentid)).toEqual(['1', '21', '102']);
    expect(first.next).toBe('/v1/195900/departments?limit=3&offset=3');
    expect(first.previous).toBeUndefined();

    const second = json<ListBody<'departments'>>(await sb.get('/departments?limit=3&offset=3'));
    expect(second.departments.map((d) => d.departmentid)).toEqual(['145', '148', '150']);
    expect(second.next).toBe('/v1/195900/departments?limit=3&offset=6');
    expect(second.previous).toBe('/v1/195900/departments?limit=3&offset=0');

    const last = json<ListBody<'departments'>>(
      await sb.get(second.next!.slice('/v1/195900'.length)),
    );
    expect(last.departments.map((d) => d.departmentid)).toEqual(['157']);
    expect(last.next).toBeUndefined();
    expect(last.previous).toBe('/v1/195900/departments?limit=3&offset=3');
  });

  it('answers 400 naming a bad limit or offset', async () => {
    for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'limit=2.5']) {
      const response = await sb.get(`/departments?${query}`);
      expect(response.statusCode).toBe(400);
      const field = query.split('=')[0]!;
      expect(response.json()).toMatchObject({ invalidfields: [field], missingfields: [] });
    }
  });

  it('caps limit at 5000 rather than failing', async () => {
    const response = await sb.get('/departments?limit=999999');
    expect(response.statusCode).toBe(200);
    expect(json<ListBody<'departments'>>(response).departments).toHaveLength(7);
  });

  it('reads one department as a one-item array, 404 otherwise', async () => {
    const response = await sb.get('/departments/21?providerlist=true');
    const body = json<Row[]>(response);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ departmentid: '21', timezonename: 'US/Central' });
    expect(body[0]!.providerlist).toBeDefined();
    for (const id of ['999', 'abc']) {
      const missing = await sb.get(`/departments/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'Department not found.' });
    }
  });

  it('reports the daylight-saving offset once clocks change', async () => {
    const summer = await setup({ now: () => new Date('2026-07-01T15:00:00Z') });
    const body = json<Row[]>(await summer.get('/departments/1'));
    expect(body[0]).toMatchObject({ timezone: -5, timezoneoffset: -4 });
    const phoenix = json<Row[]>(await summer.get('/departments/148'));
    expect(phoenix[0]).toMatchObject({ timezone: -7, timezoneoffset: -7 });
    await summer.app.close();
  });
});

describe('GET /providers', () => {
  it('lists providers with athena fields as strings', async () => {
    const body = json<ListBody<'providers'>>(await sb.get('/providers'));
    expect(body.totalcount).toBeGreaterThanOrEqual(20);
    const provider = body.providers[0]!;
    expect(provider).toMatchObject({
      providerid: '101',
      entitytype: 'Person',
      homedepartment: '1',
      specialty: 'Family Medicine',
    });
    expect(Object.keys(provider)).toEqual(
      expect.arrayContaining([
        'providerid',
        'firstname',
        'lastname',
        'displayname',
        'specialty',
        'providertype',
        'npi',
        'sex',
        'homedepartment',
        'entitytype',
      ]),
    );
    expect(allStrings(provider)).toBe(true);
    expect(body.providers.every((p) => isValidNpi(p.npi as string))).toBe(true);
    expect(
      body.providers.every((p) => ['MD', 'DO', 'NP', 'PA'].includes(p.providertype as string)),
    ).toBe(true);
  });

  it('pages providers', async () => {
    const body = json<ListBody<'providers'>>(await sb.get('/providers?limit=5&offset=5'));
    expect(body.providers.map((p) => p.providerid)).toEqual(['106', '107', '108', '109', '110']);
    expect(body.next).toBe('/v1/195900/providers?limit=5&offset=10');
    expect(body.previous).toBe('/v1/195900/providers?limit=5&offset=0');
  });

  it('reads one provider, 404 otherwise', async () => {
    const body = json<Row[]>(await sb.get('/providers/101'));
    expect(body).toEqual([expect.objectContaining({ providerid: '101' })]);
    expect((await sb.get('/providers/5')).statusCode).toBe(404);
  });
});

describe('GET /appointmenttypes', () => {
  it('lists every type with string durations and flags', async () => {
    const body = json<ListBody<'appointmenttypes'>>(await sb.get('/appointmenttypes'));
    expect(body.totalcount).toBe(13);
    expect(body.appointmenttypes[0]).toEqual({
      appointmenttypeid: '2',
      name: 'Office Visit',
      shortname: 'OV',
      duration: '20',
      patientdisplayname: 'Office Visit',
      generic: 'true',
      patient: 'true',
      templatetypeonly: 'false',
    });
    const echo = body.appointmenttypes.find((t) => t.shortname === 'ECHO')!;
    expect(echo).toMatchObject({ generic: 'false', patient: 'false', duration: '60' });
  });

  it('filters by departmentids and providerids', async () => {
    const cardiology = json<ListBody<'appointmenttypes'>>(
      await sb.get('/appointmenttypes?departmentids=102'),
    );
    const names = cardiology.appointmenttypes.map((t) => t.name);
    expect(names).toContain('Cardiology Consult');
    expect(names).toContain('Office Visit');
    expect(names).not.toContain('Well Child Visit');

    const both = json<ListBody<'appointmenttypes'>>(
      await sb.get('/appointmenttypes?departmentids=21,102&hidegeneric=true'),
    );
    expect(both.appointmenttypes.map((t) => t.name).sort()).toEqual(
      [
        'Annual Physical',
        'Cardiology Consult',
        'Echocardiogram',
        'Sick Visit',
        'Well Child Visit',
      ].sort(),
    );

    const byProvider = json<ListBody<'appointmenttypes'>>(
      await sb.get('/appointmenttypes?providerids=101&hidenonpatient=true'),
    );
    expect(byProvider.appointmenttypes.every((t) => t.patient === 'true')).toBe(true);
    expect(byProvider.appointmenttypes.map((t) => t.name)).toContain('Annual Physical');
  });

  it('answers 400 for a malformed id list', async () => {
    const response = await sb.get('/appointmenttypes?departmentids=1,x');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ invalidfields: ['departmentids'] });
  });

  it('reads one type, 404 otherwise', async () => {
    expect(json<Row[]>(await sb.get('/appointmenttypes/8'))[0]).toMatchObject({
      name: 'Cardiology Consult',
      duration: '45',
    });
    expect((await sb.get('/appointmenttypes/99')).statusCode).toBe(404);
  });
});

describe('GET /referringproviders', () => {
  it('lists referring providers under "referringproviders"', async () => {
    const body = json<ListBody<'referringproviders'>>(await sb.get('/referringproviders?limit=10'));
    expect(body.totalcount).toBe(30);
    expect(body.referringproviders).toHaveLength(10);
    expect(body.next).toBe('/v1/195900/referringproviders?limit=10&offset=10');
    const first = body.referringproviders[0]!;
    expect(first).toMatchObject({ referringproviderid: '5001', entitytype: 'PERSON' });
    expect(isValidNpi(first.npinumber as string)).toBe(true);
    expect(allStrings(first)).toBe(true);
  });

  it('reads one, 404 otherwise', async () => {
    expect(json<Row[]>(await sb.get('/referringproviders/5002'))).toEqual([
      expect.objectContaining({ referringproviderid: '5002' }),
    ]);
    expect((await sb.get('/referringproviders/101')).statusCode).toBe(404);
  });
});
