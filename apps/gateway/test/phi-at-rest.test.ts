import { randomBytes, randomUUID } from 'node:crypto';

import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import { createPractice } from '@ehr-gateway/synthetic-practice';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverLoggerOptions } from '../src/config/logger.js';
import { createPayloadSealer } from '../src/lib/payload-seal.js';
import {
  addUser,
  adminRequest,
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
  type TestUser,
} from './helpers.js';
import { scheduleDate } from './schedule.js';

const SANDBOX_SECRET = 'sandbox-secret-value-0123';
const PAYLOAD_KEY = randomBytes(32);
/** The Mock EHR's own records: the system of record, not something the gateway keeps. */
const EHR_RECORD_TABLES = new Set(['mock_patients', 'mock_slot_bookings']);

const practice = createPractice();
/** Words the practice's staff, places and services use: a patient named like them is skipped. */
const nonPatientText = JSON.stringify([
  practice.providers,
  practice.departments,
  practice.referringProviders,
  practice.appointmentTypes,
]);
const patient = practice.patients.find(
  (p) => !nonPatientText.includes(p.firstName) && !nonPatientText.includes(p.lastName),
)!;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const digits = (text: string) => text.replace(/\D/g, '');

/** Someone new, registered through the gateway, and what a caller says on the phone. */
const caller = {
  firstname: 'Zephyrine',
  lastname: 'Quillfeather',
  dob: '07/14/1983',
  email: 'zephyrine.q@example.net',
  mobilephone: '(617) 555-0187',
  address1: '42 Larkspur Terrace',
};

/**
 * Everything that names these people, in the forms it travels in. None of it may be stored
 * outside the EHR's own records, in any form a reader of the database could use.
 */
const NEEDLES = [
  patient.firstName,
  patient.lastName,
  patient.dob,
  usDate(patient.dob),
  patient.email,
  digits(patient.mobilePhone),
  patient.address1,
  caller.firstname,
  caller.lastname,
  caller.dob,
  '1983-07-14',
  caller.email,
  '6175550187',
  '555-0187',
  caller.address1,
];

describe.each(databaseTargets)('patient data at rest on $name', (target) => {
  let sandbox: FastifyInstance;
  let storage: TestStorage;
  let app: FastifyInstance;
  let cookie: string;
  let key: string;
  let developer: TestUser;
  const serverLog: string[] = [];

  beforeAll(async () => {
    sandbox = buildSandbox({ clientSecret: SANDBOX_SECRET, tokenLimitPerMinute: 1000 });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    const address = sandbox.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    storage = await openTestStorage(target);
    app = await buildGateway(storage, {
      // The server's own logger options, at its most talkative level.
      logger: serverLoggerOptions({
        level: 'trace',
        stream: { write: (line: string) => serverLog.push(line) },
      }),
      settings: {
        payloadEncryptionKey: PAYLOAD_KEY,
        vapiSecret: 'vapi-secret-for-phi-test',
        athena: {
          baseUrl: `http://127.0.0.1:${port}`,
          clientId: 'sandbox-client',
          clientSecret: SANDBOX_SECRET,
          practiceId: '195900',
        },
      },
    });
    cookie = await signIn(app);
    ({ key } = await createApiKey(app, cookie, { name: 'phi traffic' }));
    developer = await addUser(app, cookie, { username: 'no-phi-dev', role: 'developer' });
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await sandbox.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { 'x-api-key': key, ...headers },
      ...(payload ? { payload } : {}),
    });

  /** Every route that carries these patients, on both sources, with the answers checked. */
  async function exercise(round: number) {
    const dobQuery = `firstname=${patient.firstName}&lastname=${patient.lastName}&dob=${patient.dob}`;
    const answers = [
      await call('GET', `/api/12345/patients?source=mock&lastName=${patient.lastName}`),
      await call('GET', `/api/12345/patients/${patient.id}?source=mock`),
      await call('GET', `/api/195900/patients?source=athena&lastName=${patient.lastName}`),
      await call('GET', `/api/195900/patients/${patient.id}?source=athena`),
      await call('GET', `/aggregate/patient-provider?source=mock&${dobQuery}`),
      await call(
        'GET',
        `/aggregate/patient-provider?source=athena&firstname=${patient.firstName}&lastname=${patient.lastName}&dob=${usDate(patient.dob)}`,
      ),
      await call('GET', `/utility/validate-dob?dob=${usDate(patient.dob)}`),
      await call(
        'POST',
        '/aggregate/patient-with-appointment?source=mock',
        {
          patient: {
            firstname: `${caller.firstname}${'a'.repeat(round)}`,
            lastname: caller.lastname,
            dob: caller.dob,
            email: caller.email,
            phone: digits(caller.mobilephone),
            sex: 'F',
            city: 'Boston',
            zip: '02134',
            departmentid: '21',
          },
          appointment: {
            appointmentTypeId: '7',
            departmentId: '21',
            date: scheduleDate({
              departmentId: '21',
              appointmentTypeId: '7',
              daysAhead: 3 + round,
            }),
          },
        },
        { 'idempotency-key': randomUUID() },
      ),
      await call('POST', '/aggregate/smart-scheduling', {
        messages: [
          {
            role: 'assistant',
            content: 'Thanks for calling. May I have your name and date of birth?',
          },
          {
            role: 'user',
            content: `This is ${caller.firstname} ${caller.lastname}, born ${caller.dob}. My cell is ${caller.mobilephone} and my email is ${caller.email}. I need a skin check for a mole.`,
          },
        ],
      }),
      await call(
        'POST',
        '/llm/tools/query-healthcare-entities',
        {
          message: {
            type: 'tool-calls',
            call: {
              customer: { number: '+16175550187', name: `${caller.firstname} ${caller.lastname}` },
            },
            artifact: {
              messages: [
                {
                  role: 'user',
                  message: `I'm ${caller.firstname} ${caller.lastname}, ${caller.email}`,
                },
              ],
            },
            toolCallList: [
              {
                id: 'call_1',
                type: 'function',
                function: {
                  name: 'query_healthcare_entities',
                  arguments: { query: { departments: 'dermatology' } },
                },
              },
            ],
          },
        },
        { 'x-vapi-secret': 'vapi-secret-for-phi-test' },
      ),
    ];
    expect(
      answers.map((a) => `${a.statusCode} ${a.statusCode >= 300 ? a.body : ''}`.trim()),
    ).toEqual(['200', '200', '200', '200', '200', '200', '200', '201', '200', '200']);
    // The callers do get their patients back: the gateway protects what it keeps, not what it serves.
    expect(answers[1]!.json().firstName ?? answers[1]!.body).toBeTruthy();
    expect(answers[0]!.body).toContain(patient.firstName);
    await app.requestLogWriter.flush();
  }

  /** Every row of every table outside the EHR's records, as JSON text. */
  async function dumpGatewayTables(): Promise<string[]> {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(storage.db);
    expect(tables.rows.length).toBeGreaterThanOrEqual(15);
    const dumps: string[] = [];
    for (const { table_name } of tables.rows) {
      if (EHR_RECORD_TABLES.has(table_name)) {
        continue;
      }
      const rows = await sql<{ row: string }>`
        select row_to_json(t)::text as row from ${sql.table(table_name)} t`.execute(storage.db);
      dumps.push(...rows.rows.map((r) => r.row));
    }
    return dumps;
  }

  const found = (text: string) => NEEDLES.filter((needle) => text.includes(needle));
  /** The lines that hold any of it, so a failure shows where. */
  const leaking = (lines: string[]) => lines.filter((line) => found(line).length > 0);

  it('masked (the default): none of it is stored, nor written to the server log', async () => {
    await exercise(0);
    const dump = await dumpGatewayTables();
    expect(dump.join('\n')).toContain('***');
    expect(leaking(dump)).toEqual([]);
    expect(leaking(serverLog)).toEqual([]);

    const logs = await adminRequest(app, cookie, { method: 'GET', url: '/admin/logs?limit=20' });
    const detail = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${logs.json().logs.at(-1).id}?showPhi=true`,
    });
    expect(detail.json().payload).toMatchObject({
      capture: 'masked',
      masked: true,
      phiAvailable: false,
    });
  });

  it('full: stored only as ciphertext, read back in the clear only with PHI access', async () => {
    const config = (
      await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' })
    ).json();
    const switched = await adminRequest(app, cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, payloadCapture: 'full' },
    });
    expect(switched.statusCode).toBe(200);
    serverLog.length = 0;
    await exercise(1);

    expect(leaking(await dumpGatewayTables())).toEqual([]);
    expect(leaking(serverLog)).toEqual([]);

    const sealed = await sql<{
      id: string;
      request_data_sealed: string;
      response_data_sealed: string;
    }>`
      select id, request_data_sealed, response_data_sealed from request_logs
      where payload_capture = 'full' and endpoint = '/aggregate/smart-scheduling'`.execute(
      storage.db,
    );
    expect(sealed.rows).toHaveLength(1);
    const opened = createPayloadSealer(PAYLOAD_KEY).open(sealed.rows[0]!.request_data_sealed);
    expect(opened).toContain(caller.lastname);

    const id = sealed.rows[0]!.id;
    const asAdmin = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${id}?showPhi=true`,
    });
    expect(asAdmin.json().payload).toMatchObject({ capture: 'full', masked: false });
    expect(JSON.stringify(asAdmin.json().requestData)).toContain(caller.lastname);
    const adminMasked = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${id}`,
    });
    expect(adminMasked.json().payload).toMatchObject({ masked: true, phiAvailable: true });
    expect(found(JSON.stringify(adminMasked.json()))).toEqual([]);

    const asDeveloper = await adminRequest(app, developer.cookie, {
      method: 'GET',
      url: `/admin/logs/${id}`,
    });
    expect(asDeveloper.json().payload).toMatchObject({ masked: true, phiAvailable: false });
    expect(found(JSON.stringify(asDeveloper.json()))).toEqual([]);

    const audit = (
      await adminRequest(app, cookie, { method: 'GET', url: '/admin/audit?action=log-viewed' })
    ).json().events as Array<{
      target: string;
      actor: { name: string };
      details: { phiShown: boolean };
    }>;
    expect(
      audit.filter((e) => e.target === id).map((e) => [e.actor.name, e.details.phiShown]),
    ).toEqual([
      ['no-phi-dev', false],
      ['admin', false],
      ['admin', true],
    ]);
  });

  it('metadata: no bodies at all', async () => {
    const config = (
      await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' })
    ).json();
    await adminRequest(app, cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, payloadCapture: 'metadata' },
    });
    await call('GET', '/utility/datetime');
    await app.requestLogWriter.flush();
    const [row] = (
      await sql<{
        request_data: unknown;
        response_data: unknown;
        request_data_sealed: string | null;
      }>`
        select request_data, response_data, request_data_sealed from request_logs
        where payload_capture = 'metadata'`.execute(storage.db)
    ).rows;
    expect(row).toMatchObject({ response_data: null, request_data_sealed: null });
  });
});

describe('full capture without a key', () => {
  it('is refused with a 400 that says what is missing', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const app = await buildGateway(storage);
    const cookie = await signIn(app);
    const config = (
      await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' })
    ).json();
    const response = await adminRequest(app, cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, payloadCapture: 'full' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({
      field: 'payloadCapture',
      message: expect.stringContaining('PAYLOAD_ENCRYPTION_KEY'),
    });
    await app.close();
    await storage.dispose();
  });
});
