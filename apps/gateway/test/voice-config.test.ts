import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
  useGateway,
} from './helpers.js';

type Json = Record<string, unknown>;

/** Ids of the entries an entity's tests reference: in the entity's own tenant and in tenant 1. */
interface Fixtures {
  tenantId: number;
  locationId: number;
  departmentId: number;
  appointmentTypeId: number;
  otherLocationId: number;
  otherDepartmentId: number;
  otherAppointmentTypeId: number;
}

interface EntitySpec {
  path: string;
  listKey: string;
  tenantField: 'tenantId' | 'tenant_id';
  /** A full create body and what the answer must hold. */
  create: (f: Fixtures) => { body: Json; expected: Json };
  /** A change of one field and what the answer must then hold (other fields unchanged). */
  update: (f: Fixtures) => { body: Json; expected: Json };
  /** Bodies refused with 400, and the field the answer names. */
  invalid: Array<[body: Json, field: string]>;
  /** A reference to another tenant's entry, refused with 400 naming the field. */
  foreign?: (f: Fixtures) => { body: Json; field: string };
}

const ENTITIES: EntitySpec[] = [
  {
    path: 'locations',
    listKey: 'locations',
    tenantField: 'tenant_id',
    create: (f) => ({
      body: { tenantId: f.tenantId, name: '  Harbor Clinic ', address: '1 Pier Rd, Boston, MA' },
      expected: { name: 'Harbor Clinic', address: '1 Pier Rd, Boston, MA', active: true },
    }),
    update: () => ({ body: { address: '2 Pier Rd' }, expected: { address: '2 Pier Rd' } }),
    invalid: [
      [{ address: 'x'.repeat(301) }, 'address'],
      [{ active: 'yes' }, 'active'],
    ],
  },
  {
    path: 'departments',
    listKey: 'departments',
    tenantField: 'tenantId',
    create: (f) => ({
      body: {
        tenantId: f.tenantId,
        name: 'Sleep Medicine',
        code: 'SLEEP',
        locationId: f.locationId,
        ehrDepartmentId: '42',
      },
      expected: {
        name: 'Sleep Medicine',
        code: 'SLEEP',
        locationId: f.locationId,
        ehrDepartmentId: '42',
        active: true,
      },
    }),
    update: () => ({ body: { code: 'SLP' }, expected: { code: 'SLP', ehrDepartmentId: '42' } }),
    invalid: [
      [{ code: 'has spaces' }, 'code'],
      [{ code: 'X'.repeat(21) }, 'code'],
      [{ locationId: 0 }, 'locationId'],
      [{ locationId: 987_654 }, 'locationId'],
      [{ ehrDepartmentId: 'abc' }, 'ehrDepartmentId'],
    ],
    foreign: (f) => ({ body: { locationId: f.otherLocationId }, field: 'locationId' }),
  },
  {
    path: 'providers',
    listKey: 'providers',
    tenantField: 'tenantId',
    create: (f) => ({
      body: {
        tenantId: f.tenantId,
        name: 'Nadia Rahman, MD',
        specialty: 'Sleep Medicine',
        is_not_accepting_new_patients: true,
        departmentIds: [f.departmentId, f.departmentId],
        ehrProviderId: '9001',
      },
      expected: {
        name: 'Nadia Rahman, MD',
        specialty: 'Sleep Medicine',
        is_not_accepting_new_patients: true,
        departmentIds: [f.departmentId],
        ehrProviderId: '9001',
        active: true,
      },
    }),
    update: (f) => ({
      body: { is_not_accepting_new_patients: false },
      expected: { is_not_accepting_new_patients: false, departmentIds: [f.departmentId] },
    }),
    invalid: [
      [{ specialty: '' }, 'specialty'],
      [{ departmentIds: 'one' }, 'departmentIds'],
      [{ departmentIds: [987_654] }, 'departmentIds'],
      [{ is_not_accepting_new_patients: 'no' }, 'is_not_accepting_new_patients'],
      [{ ehrProviderId: 12 }, 'ehrProviderId'],
    ],
    foreign: (f) => ({ body: { departmentIds: [f.otherDepartmentId] }, field: 'departmentIds' }),
  },
  {
    path: 'appointment-types',
    listKey: 'appointmentTypes',
    tenantField: 'tenantId',
    create: (f) => ({
      body: { tenantId: f.tenantId, name: 'Sleep Study Review', ehrAppointmentTypeId: '77' },
      expected: {
        name: 'Sleep Study Review',
        duration: 30,
        ehrAppointmentTypeId: '77',
        active: true,
      },
    }),
    update: () => ({
      body: { duration: 45 },
      expected: { duration: 45, ehrAppointmentTypeId: '77' },
    }),
    invalid: [
      [{ duration: 0 }, 'duration'],
      [{ duration: 481 }, 'duration'],
      [{ duration: 12.5 }, 'duration'],
      [{ ehrAppointmentTypeId: '7a' }, 'ehrAppointmentTypeId'],
    ],
  },
  {
    path: 'visit-reasons',
    listKey: 'visitReasons',
    tenantField: 'tenantId',
    create: (f) => ({
      body: {
        tenantId: f.tenantId,
        name: 'Trouble sleeping',
        appointmentTypeId: f.appointmentTypeId,
      },
      expected: { name: 'Trouble sleeping', appointmentTypeId: f.appointmentTypeId, active: true },
    }),
    update: () => ({
      body: { appointmentTypeId: null },
      expected: { appointmentTypeId: null, name: 'Trouble sleeping' },
    }),
    invalid: [
      [{ appointmentTypeId: -1 }, 'appointmentTypeId'],
      [{ appointmentTypeId: 987_654 }, 'appointmentTypeId'],
    ],
    foreign: (f) => ({
      body: { appointmentTypeId: f.otherAppointmentTypeId },
      field: 'appointmentTypeId',
    }),
  },
];

const fieldsOf = (body: { details?: Array<{ field: string }> }) =>
  (body.details ?? []).map((detail) => detail.field);

describe.each(databaseTargets)('voice config on $name', (target) => {
  const gw = useGateway(target);

  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    gw.app.inject({
      method,
      url,
      headers: { 'x-api-key': gw.key },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });

  const created = async (url: string, payload: Json): Promise<Json> => {
    const response = await call('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  const newTenant = async (name: string) =>
    (await created('/voice-config/tenants', { name })).id as number;

  const expect400 = async (
    response: { statusCode: number; json: () => unknown; body: string },
    field: string,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { details?: Array<{ field: string }>; message: string };
    expect(fieldsOf(body)).toContain(field);
    expect(body.message).toContain(field);
  };

  describe('the seeded tenant 1', () => {
    it('is the Demo Health Network on the Mock EHR, using the gateway config practice', async () => {
      const response = await call('GET', '/voice-config/tenants/1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: 1,
        name: 'Demo Health Network',
        status: 'active',
        ehrSource: 'mock',
        practiceId: null,
      });
    });

    it('has a location per practice department, with its address', async () => {
      const { locations } = (await call('GET', '/voice-config/locations')).json();
      expect(locations).toHaveLength(7);
      expect(locations).toContainEqual({
        id: expect.any(Number),
        name: 'Lakeside Pediatrics',
        address: expect.stringContaining('Chicago, IL'),
        tenant_id: 1,
        active: true,
      });
    });

    it('has departments with codes, EHR ids and locations', async () => {
      const response = await call('GET', '/voice-config/departments?tenantId=1');
      expect(response.statusCode).toBe(200);
      const { departments } = response.json();
      expect(departments.map((d: Json) => d.code).sort()).toEqual(
        ['CARDIO', 'DERM', 'FAMMED', 'NEURO', 'OBGYN', 'ORTHO', 'PEDS'].sort(),
      );
      const { locations } = (await call('GET', '/voice-config/locations')).json();
      const heart = locations.find((l: Json) => l.name === 'Mountain View Heart & Vascular');
      expect(departments).toContainEqual({
        id: expect.any(Number),
        name: 'Cardiology',
        tenantId: 1,
        code: 'CARDIO',
        active: true,
        locationId: heart.id,
        ehrDepartmentId: '102',
      });
    });

    it('has every practice provider with specialty, new-patient flag and departments', async () => {
      const { providers } = (await call('GET', '/voice-config/providers')).json();
      expect(providers).toHaveLength(25);
      const { departments } = (await call('GET', '/voice-config/departments')).json();
      const idOf = (code: string) => departments.find((d: Json) => d.code === code).id;
      expect(providers).toContainEqual({
        id: expect.any(Number),
        name: 'Raj Patel, MD',
        specialty: 'Internal Medicine',
        is_not_accepting_new_patients: false,
        tenantId: 1,
        active: true,
        departmentIds: [idOf('FAMMED'), idOf('OBGYN')].sort((a, b) => a - b),
        ehrProviderId: '104',
      });
      expect(providers.find((p: Json) => p.ehrProviderId === '101')).toMatchObject({
        name: "Brooklyn O'Brien, MD",
        is_not_accepting_new_patients: true,
      });
    });

    it('has appointment types with durations and visit reasons mapped to them', async () => {
      const { appointmentTypes } = (await call('GET', '/voice-config/appointment-types')).json();
      expect(appointmentTypes).toHaveLength(13);
      const physical = appointmentTypes.find((t: Json) => t.name === 'Annual Physical');
      expect(physical).toMatchObject({ duration: 40, ehrAppointmentTypeId: '5', tenantId: 1 });
      const { visitReasons } = (await call('GET', '/voice-config/visit-reasons')).json();
      expect(visitReasons).toContainEqual({
        id: expect.any(Number),
        name: 'Annual physical',
        tenantId: 1,
        appointmentTypeId: physical.id,
        active: true,
      });
      expect(visitReasons.map((r: Json) => r.name)).toEqual(
        expect.arrayContaining([
          'Sick visit',
          'Chest pain follow-up',
          'Rash or skin concern',
          'Knee or back pain',
          'Prenatal check',
        ]),
      );
    });

    it('has a greeting and business hours in the global config', async () => {
      const greeting = await call('GET', '/voice-config/global-config/greeting');
      expect(greeting.statusCode).toBe(200);
      expect(greeting.json()).toEqual({
        key: 'greeting',
        value: expect.stringContaining('Demo Health Network'),
        updatedAt: expect.any(String),
      });
      const hours = (await call('GET', '/voice-config/global-config/business_hours')).json();
      expect(hours.value).toMatchObject({ monday: { open: '08:00', close: '17:00' } });
    });
  });

  it('needs an API key and logs its requests under the voice-config source', async () => {
    const anonymous = await gw.app.inject({ method: 'GET', url: '/voice-config/tenants' });
    expect(anonymous.statusCode).toBe(401);

    await call('GET', '/voice-config/departments?tenantId=1&includeInactive=false');
    await gw.app.requestLogWriter.flush();
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?source=voice-config&endpoint=/voice-config/departments',
    });
    expect(logs.statusCode).toBe(200);
    expect(logs.json().logs).toContainEqual(
      expect.objectContaining({
        source: 'voice-config',
        endpoint: '/voice-config/departments',
        method: 'GET',
        status: 200,
      }),
    );
  });

  describe('tenants', () => {
    it('creates a tenant with defaults, continuing the ids after the seeded tenant', async () => {
      const tenant = await created('/voice-config/tenants', { name: '  Riverbend Clinics ' });
      expect(tenant).toEqual({
        id: expect.any(Number),
        name: 'Riverbend Clinics',
        status: 'active',
        ehrSource: 'mock',
        practiceId: null,
      });
      expect(tenant.id).toBeGreaterThan(1);
      const { tenants } = (await call('GET', '/voice-config/tenants')).json();
      expect(tenants.map((t: Json) => t.name)).toEqual(
        expect.arrayContaining(['Demo Health Network', 'Riverbend Clinics']),
      );
    });

    it('takes an EHR source and practice', async () => {
      const tenant = await created('/voice-config/tenants', {
        name: 'Athena Partner',
        ehrSource: 'athena',
        practiceId: '195900',
      });
      expect(tenant).toMatchObject({ ehrSource: 'athena', practiceId: '195900' });
    });

    it('refuses a duplicate name regardless of case with 409', async () => {
      await newTenant('Summit Care');
      const duplicate = await call('POST', '/voice-config/tenants', { name: 'SUMMIT care' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ code: 'DUPLICATE', details: [{ field: 'name' }] });
    });

    it.each([
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 7 }, 'name'],
      [{ name: 'Bad status', status: 'paused' }, 'status'],
      [{ name: 'Bad source', ehrSource: 'epic' }, 'ehrSource'],
      [{ name: 'Bad practice', practiceId: 'abc' }, 'practiceId'],
      [{ name: 'Extra', region: 'north' }, 'region'],
    ])('refuses %j with 400 naming %s', async (payload, field) => {
      await expect400(await call('POST', '/voice-config/tenants', payload), field);
    });

    it('updates only the fields given, and refuses a rename onto another tenant', async () => {
      const id = (
        await created('/voice-config/tenants', {
          name: 'Patchable',
          ehrSource: 'athena',
          practiceId: '1',
        })
      ).id;
      const renamed = await call('PATCH', `/voice-config/tenants/${id}`, { name: 'Patched' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        id,
        name: 'Patched',
        status: 'active',
        ehrSource: 'athena',
        practiceId: '1',
      });
      const cleared = await call('PATCH', `/voice-config/tenants/${id}`, { practiceId: null });
      expect(cleared.json()).toMatchObject({ practiceId: null, ehrSource: 'athena' });
      const clash = await call('PATCH', `/voice-config/tenants/${id}`, {
        name: 'demo health network',
      });
      expect(clash.statusCode).toBe(409);
      await expect400(
        await call('PATCH', `/voice-config/tenants/${id}`, { tenantId: 3 }),
        'tenantId',
      );
      expect((await call('PATCH', '/voice-config/tenants/987654', { name: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('deactivates a tenant instead of deleting it', async () => {
      const id = await newTenant('Short Lived');
      const deleted = await call('DELETE', `/voice-config/tenants/${id}`);
      expect(deleted.statusCode).toBe(204);
      expect((await call('GET', `/voice-config/tenants/${id}`)).json().status).toBe('inactive');
      const active = (await call('GET', '/voice-config/tenants')).json().tenants;
      expect(active.some((t: Json) => t.id === id)).toBe(false);
      const all = (await call('GET', '/voice-config/tenants?includeInactive=true')).json().tenants;
      expect(all.some((t: Json) => t.id === id)).toBe(true);

      const reactivated = await call('PATCH', `/voice-config/tenants/${id}`, { status: 'active' });
      expect(reactivated.json().status).toBe('active');
    });

    it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
      expect((await call('DELETE', '/voice-config/tenants/987654')).statusCode).toBe(404);
      expect((await call('GET', '/voice-config/tenants/987654')).statusCode).toBe(404);
      await expect400(await call('GET', '/voice-config/tenants/abc'), 'id');
      await expect400(await call('DELETE', '/voice-config/tenants/0'), 'id');
    });
  });

  describe.each(ENTITIES)('$path', (spec) => {
    let f: Fixtures;
    const url = `/voice-config/${spec.path}`;

    beforeAll(async () => {
      const tenantId = await newTenant(`Tenant for ${spec.path}`);
      const locationId = (
        await created('/voice-config/locations', { tenantId, name: 'Fixture Location' })
      ).id as number;
      const departmentId = (
        await created('/voice-config/departments', { tenantId, name: 'Fixture Department' })
      ).id as number;
      const appointmentTypeId = (
        await created('/voice-config/appointment-types', { tenantId, name: 'Fixture Type' })
      ).id as number;
      const tenant1 = async (path: string) =>
        ((await call('GET', `/voice-config/${path}?tenantId=1`)).json() as Record<string, Json[]>)[
          path === 'appointment-types' ? 'appointmentTypes' : path
        ]![0]!.id as number;
      f = {
        tenantId,
        locationId,
        departmentId,
        appointmentTypeId,
        otherLocationId: await tenant1('locations'),
        otherDepartmentId: await tenant1('departments'),
        otherAppointmentTypeId: await tenant1('appointment-types'),
      };
    });

    const list = async (query: string) => {
      const response = await call('GET', `${url}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Record<string, Json[]>)[spec.listKey]!;
    };

    it('creates, lists, updates and deactivates', async () => {
      const { body, expected } = spec.create(f);
      const entry = await created(url, body);
      expect(entry).toMatchObject({ ...expected, [spec.tenantField]: f.tenantId });
      expect(await list(`tenantId=${f.tenantId}`)).toContainEqual(entry);

      const change = spec.update(f);
      const updated = await call('PATCH', `${url}/${entry.id}`, change.body);
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({ ...entry, ...change.expected });

      const deleted = await call('DELETE', `${url}/${entry.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await list(`tenantId=${f.tenantId}`)).some((e) => e.id === entry.id)).toBe(false);
      expect(await list(`tenantId=${f.tenantId}&includeInactive=true`)).toContainEqual({
        ...entry,
        ...change.expected,
        active: false,
      });

      const reactivated = await call('PATCH', `${url}/${entry.id}`, { active: true });
      expect(reactivated.json().active).toBe(true);
    });

    it('refuses a duplicate name in the same tenant regardless of case, but not in another', async () => {
      await created(url, { ...spec.create(f).body, name: 'Twin Entry', code: undefined });
      const duplicate = await call('POST', url, { tenantId: f.tenantId, name: 'TWIN entry' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        code: 'DUPLICATE',
        details: [{ field: 'name' }],
        context: { existingId: expect.any(Number) },
      });
      const elsewhere = await newTenant(`Elsewhere for ${spec.path}`);
      await created(url, { tenantId: elsewhere, name: 'Twin Entry' });

      const other = await created(url, { tenantId: f.tenantId, name: 'Not a Twin' });
      const rename = await call('PATCH', `${url}/${other.id}`, { name: 'twin ENTRY' });
      expect(rename.statusCode).toBe(409);
    });

    it('keeps a deactivated entry name taken, and says how to bring it back', async () => {
      const entry = await created(url, { tenantId: f.tenantId, name: 'Retired Entry' });
      await call('DELETE', `${url}/${entry.id}`);
      const again = await call('POST', url, { tenantId: f.tenantId, name: 'retired entry' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('inactive');
    });

    it('answers 404 for an unknown tenant and an unknown id', async () => {
      expect((await call('GET', `${url}?tenantId=987654`)).statusCode).toBe(404);
      const create = await call('POST', url, { tenantId: 987_654, name: 'Nowhere' });
      expect(create.statusCode).toBe(404);
      expect(create.json().code).toBe('TENANT_NOT_FOUND');
      expect((await call('PATCH', `${url}/987654`, { name: 'Nobody' })).statusCode).toBe(404);
      expect((await call('DELETE', `${url}/987654`)).statusCode).toBe(404);
    });

    it.each([
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'Fine', tenantId: 'one' }, 'tenantId'],
      [{ name: 'Fine', colour: 'blue' }, 'colour'],
      ...spec.invalid.map(([body, field]) => [{ name: 'Fine', ...body }, field] as [Json, string]),
    ])('refuses to create %j with 400 naming %s', async (payload, field) => {
      await expect400(await call('POST', url, { tenantId: f.tenantId, ...payload }), field);
    });

    it('refuses bad updates with 400 naming the field', async () => {
      const entry = await created(url, { tenantId: f.tenantId, name: 'Update Target' });
      await expect400(await call('PATCH', `${url}/${entry.id}`, { name: '' }), 'name');
      await expect400(await call('PATCH', `${url}/${entry.id}`, { tenantId: 1 }), 'tenantId');
      for (const [body, field] of spec.invalid) {
        await expect400(await call('PATCH', `${url}/${entry.id}`, body), field);
      }
      await expect400(await call('PATCH', `${url}/abc`, { name: 'x' }), 'id');
      await expect400(await call('GET', `${url}?tenantId=0`), 'tenantId');
      await expect400(await call('GET', `${url}?includeInactive=maybe`), 'includeInactive');
      await expect400(await call('GET', `${url}?limit=5`), 'limit');
    });

    if (spec.foreign) {
      it("refuses a reference to another tenant's entry on create and update", async () => {
        const { body, field } = spec.foreign!(f);
        await expect400(
          await call('POST', url, { tenantId: f.tenantId, name: 'Crossing', ...body }),
          field,
        );
        const entry = await created(url, { tenantId: f.tenantId, name: 'Stays Home' });
        await expect400(await call('PATCH', `${url}/${entry.id}`, body), field);
      });
    }

    it('uses tenant 1 when no tenantId is given', async () => {
      const entry = await created(url, { name: `Default tenant ${spec.path}` });
      expect(entry[spec.tenantField]).toBe(1);
      expect((await list('')).some((e) => e.id === entry.id)).toBe(true);
    });
  });

  describe('department codes and provider departments', () => {
    it('keeps department codes unique per tenant regardless of case', async () => {
      const tenantId = await newTenant('Code Clinic');
      await created('/voice-config/departments', { tenantId, name: 'Allergy', code: 'ALG' });
      const clash = await call('POST', '/voice-config/departments', {
        tenantId,
        name: 'Allergy Two',
        code: 'alg',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().details).toEqual([{ field: 'code', message: expect.any(String) }]);
      await created('/voice-config/departments', { tenantId, name: 'No Code A' });
      await created('/voice-config/departments', { tenantId, name: 'No Code B', code: null });
    });

    it("replaces a provider's departments only when departmentIds is given", async () => {
      const tenantId = await newTenant('Links Clinic');
      const a = (await created('/voice-config/departments', { tenantId, name: 'A' })).id;
      const b = (await created('/voice-config/departments', { tenantId, name: 'B' })).id;
      const provider = await created('/voice-config/providers', {
        tenantId,
        name: 'Linked Doctor',
        departmentIds: [b, a],
      });
      expect(provider.departmentIds).toEqual([a, b].sort((x, y) => Number(x) - Number(y)));
      const renamed = await call('PATCH', `/voice-config/providers/${provider.id}`, {
        name: 'Renamed Doctor',
      });
      expect(renamed.json().departmentIds).toEqual(provider.departmentIds);
      const moved = await call('PATCH', `/voice-config/providers/${provider.id}`, {
        departmentIds: [b],
      });
      expect(moved.json().departmentIds).toEqual([b]);
      const cleared = await call('PATCH', `/voice-config/providers/${provider.id}`, {
        departmentIds: [],
      });
      expect(cleared.json().departmentIds).toEqual([]);
      await expect400(
        await call('POST', '/voice-config/providers', {
          tenantId,
          name: 'Too Many',
          departmentIds: Array.from({ length: 51 }, (_, i) => i + 1),
        }),
        'departmentIds',
      );
    });
  });

  describe('global config', () => {
    it('answers 404 for an unknown key and 400 for a malformed one', async () => {
      const missing = await call('GET', '/voice-config/global-config/no_such_key');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toContain('no_such_key');
      await expect400(await call('GET', '/voice-config/global-config/bad%20key'), 'key');
    });

    it('creates and then replaces an entry (upsert)', async () => {
      const first = await call('POST', '/voice-config/global-config', {
        key: 'hold_music',
        value: { enabled: true, track: 'calm' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        key: 'hold_music',
        value: { enabled: true, track: 'calm' },
        updatedAt: expect.any(String),
      });
      const second = await call('POST', '/voice-config/global-config', {
        key: 'hold_music',
        value: false,
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().value).toBe(false);
      const read = await call('GET', '/voice-config/global-config/hold_music');
      expect(read.json()).toMatchObject({ key: 'hold_music', value: false });

      for (const value of ['text', 42, [1, 'two'], 0, '']) {
        const stored = await call('POST', '/voice-config/global-config', {
          key: 'any.value',
          value,
        });
        expect(stored.json().value).toEqual(value);
      }
    });

    it.each([
      [{ value: 1 }, 'key'],
      [{ key: 'k' }, 'value'],
      [{ key: 'k', value: null }, 'value'],
      [{ key: '', value: 1 }, 'key'],
      [{ key: 'has space', value: 1 }, 'key'],
      [{ key: 'k'.repeat(101), value: 1 }, 'key'],
      [{ key: 'k', value: 1, tenantId: 1 }, 'tenantId'],
    ])('refuses %j with 400 naming %s', async (payload, field) => {
      await expect400(await call('POST', '/voice-config/global-config', payload), field);
    });

    it('refuses a value over 64 KiB as JSON with 400 naming value', async () => {
      const value = { text: 'x'.repeat(64 * 1024) };
      await expect400(
        await call('POST', '/voice-config/global-config', { key: 'big', value }),
        'value',
      );
    });

    it('accepts a value of just under 64 KiB', async () => {
      const value = 'x'.repeat(64 * 1024 - 2);
      const stored = await call('POST', '/voice-config/global-config', { key: 'big', value });
      expect(stored.statusCode).toBe(200);
    });
  });

  describe('EHR data with its mapping (Mock EHR)', () => {
    it("pairs tenant 1's EHR departments with the voice-config departments", async () => {
      const response = await call('GET', '/voice-config/ehr/departments?tenantId=1');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ tenantId: 1, source: 'mock' });
      expect(body.departments).toHaveLength(7);
      expect(body.departments).toContainEqual({
        ehr: expect.objectContaining({ id: '21', name: 'Lakeside Pediatrics' }),
        voiceConfig: { id: expect.any(Number), name: 'Pediatrics' },
      });
      expect(body.departments.every((d: Json) => d.voiceConfig !== null)).toBe(true);
    });

    it('pairs the EHR providers and appointment types', async () => {
      const providers = (await call('GET', '/voice-config/ehr/providers')).json();
      expect(providers.providers).toHaveLength(25);
      expect(providers.providers).toContainEqual({
        ehr: expect.objectContaining({ id: '104', displayName: 'Raj Patel, MD' }),
        voiceConfig: { id: expect.any(Number), name: 'Raj Patel, MD' },
      });
      const types = (await call('GET', '/voice-config/ehr/appointment-types?tenantId=1')).json();
      expect(types.appointmentTypes).toHaveLength(13);
      expect(types.appointmentTypes).toContainEqual({
        ehr: expect.objectContaining({ id: '8', name: 'Cardiology Consult', duration: 45 }),
        voiceConfig: { id: expect.any(Number), name: 'Cardiology Consult' },
      });
    });

    it('shows null for EHR entries no voice-config entry maps, and follows deactivation', async () => {
      const tenantId = await newTenant('Unmapped Clinic');
      const empty = (
        await call('GET', `/voice-config/ehr/departments?tenantId=${tenantId}`)
      ).json();
      expect(empty.departments).toHaveLength(7);
      expect(empty.departments.every((d: Json) => d.voiceConfig === null)).toBe(true);

      const mapped = await created('/voice-config/departments', {
        tenantId,
        name: 'Kids',
        ehrDepartmentId: '21',
      });
      const pairing = async (query = '') =>
        (await call('GET', `/voice-config/ehr/departments?tenantId=${tenantId}${query}`))
          .json()
          .departments.find((d: { ehr: Json }) => d.ehr.id === '21').voiceConfig;
      expect(await pairing()).toEqual({ id: mapped.id, name: 'Kids' });
      await call('DELETE', `/voice-config/departments/${mapped.id}`);
      expect(await pairing()).toBeNull();
      expect(await pairing('&includeInactive=true')).toEqual({ id: mapped.id, name: 'Kids' });
    });

    it('answers 404 for an unknown tenant and 503 when the tenant uses an unconfigured Athena', async () => {
      expect((await call('GET', '/voice-config/ehr/providers?tenantId=987654')).statusCode).toBe(
        404,
      );
      const athena = await created('/voice-config/tenants', {
        name: 'Athena Tenant',
        ehrSource: 'athena',
      });
      const response = await call('GET', `/voice-config/ehr/departments?tenantId=${athena.id}`);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('ATHENA_NOT_CONFIGURED');
    });

    it("answers 404 when a mock tenant names a practice the Mock EHR doesn't serve", async () => {
      const other = await created('/voice-config/tenants', {
        name: 'Other Practice',
        practiceId: '99999',
      });
      const response = await call('GET', `/voice-config/ehr/departments?tenantId=${other.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PRACTICE_NOT_FOUND');
    });
  });

  it('documents every voice-config route with an operationId and the Voice config tag', async () => {
    const openapi = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.entries(openapi.paths as Record<string, Record<string, Json>>)
      .filter(([path]) => path.startsWith('/voice-config'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(operations.length).toBeGreaterThanOrEqual(31);
    for (const operation of operations) {
      expect(operation.operationId).toEqual(expect.any(String));
      expect(operation.tags).toEqual(['Voice config']);
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(databaseTargets)('voice-config seeding on $name', (target) => {
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(target);
  });
  afterAll(async () => {
    await storage.dispose();
  });

  const counts = async (app: FastifyInstance, key: string) => {
    const get = async (path: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/voice-config/${path}`,
          headers: { 'x-api-key': key },
        })
      ).json();
    return {
      tenants: (await get('tenants?includeInactive=true')).tenants.length,
      locations: (await get('locations?includeInactive=true')).locations.length,
      departments: (await get('departments?includeInactive=true')).departments.length,
      providers: (await get('providers?includeInactive=true')).providers.length,
      appointmentTypes: (await get('appointment-types?includeInactive=true')).appointmentTypes
        .length,
      visitReasons: (await get('visit-reasons?includeInactive=true')).visitReasons.length,
    };
  };

  it('seeds once: a second gateway on the same database creates nothing twice', async () => {
    const first = await buildGateway(storage);
    const { key } = await createApiKey(first, await signIn(first));
    const before = await counts(first, key);
    expect(before).toEqual({
      tenants: 1,
      locations: 7,
      departments: 7,
      providers: 25,
      appointmentTypes: 13,
      visitReasons: expect.any(Number),
    });
    // An administrator's change survives a restart: the seed does not put the greeting back.
    await first.inject({
      method: 'POST',
      url: '/voice-config/global-config',
      headers: { 'x-api-key': key },
      payload: { key: 'greeting', value: 'Changed' },
    });
    await first.close();

    const second = await buildGateway(storage);
    expect(await counts(second, key)).toEqual(before);
    const greeting = await second.inject({
      method: 'GET',
      url: '/voice-config/global-config/greeting',
      headers: { 'x-api-key': key },
    });
    expect(greeting.json().value).toBe('Changed');
    const next = await second.inject({
      method: 'POST',
      url: '/voice-config/tenants',
      headers: { 'x-api-key': key },
      payload: { name: 'After Restart' },
    });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).toBe(2);
    await second.close();
  });

  it("seeds the FHIR EHR's line once FHIR is configured, beside the tenants already there", async () => {
    const fresh = await openTestStorage(target);
    try {
      const before = await buildGateway(fresh);
      const { key } = await createApiKey(before, await signIn(before));
      const headers = { 'x-api-key': key };
      // Tenant 2 taken by someone's line: the FHIR line must not need that id.
      await before.inject({
        method: 'POST',
        url: '/voice-config/tenants',
        headers,
        payload: { name: 'Existing Line' },
      });
      await before.close();

      // Never contacted while seeding: the line follows FHIR_PRACTICE_ID (practiceId null).
      const fhir = {
        baseUrl: 'http://127.0.0.1:9/fhir/r4',
        clientId: 'seed-client',
        clientSecret: 'seed-secret',
        privateKey: undefined,
        previousPublicKey: undefined,
        scopes: 'system/*.rs',
        vendor: 'generic' as const,
        practiceId: '195900',
        timeoutMs: 1_000,
        maxQps: 10,
      };
      for (const restart of [1, 2]) {
        const app = await buildGateway(fresh, { settings: { fhir } });
        const tenants = (
          await app.inject({ method: 'GET', url: '/voice-config/tenants', headers })
        ).json().tenants as Array<{ id: number; name: string; ehrSource: string }>;
        expect(
          tenants.map(({ name, ehrSource }) => [name, ehrSource]),
          `start ${restart}`,
        ).toEqual([
          ['Demo Health Network', 'mock'],
          ['Existing Line', 'mock'],
          ['Demo Health Network (FHIR)', 'fhir'],
        ]);
        const line = tenants[2]!;
        expect(line).toMatchObject({ id: 3, practiceId: null });
        const departments = (
          await app.inject({
            method: 'GET',
            url: `/voice-config/departments?tenantId=${line.id}`,
            headers,
          })
        ).json().departments as Array<{ code: string; ehrDepartmentId: string }>;
        expect(departments).toHaveLength(7);
        expect(departments).toContainEqual(
          expect.objectContaining({ code: 'PEDS', ehrDepartmentId: '21' }),
        );
        await app.close();
      }
    } finally {
      await fresh.dispose();
    }
  }, 120_000);

  if (target.name === 'postgres') {
    it('seeds once when two instances start at the same time', async () => {
      const fresh = await openTestStorage(target);
      try {
        const other = await fresh.reopen();
        const [a, b] = await Promise.all([buildGateway(fresh), buildGateway(other)]);
        const { key } = await createApiKey(a, await signIn(a));
        expect(await counts(b, key)).toMatchObject({ tenants: 1, departments: 7, providers: 25 });
        await Promise.all([a.close(), b.close()]);
      } finally {
        await fresh.dispose();
      }
    });
  }
});
