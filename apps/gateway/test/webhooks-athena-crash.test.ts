import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import type { Db } from '../src/db/database.js';
import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  startSandbox,
  type TestStorage,
} from './helpers.js';
import { scheduleDate } from './schedule.js';
import { startWebhookReceiver } from './webhook-receiver.js';

const practice = createPractice();
const PRACTICE = '195900';
/** Past the grace a write in flight has before recovery treats its intent as abandoned. */
const AFTER_GRACE_MS = 3 * 60_000;
/** Two gateway starts and several feed rounds, each department's a few athena calls. */
const SLOW_MS = 180_000;

/** The outbox write fails, as if the process died between athena's answer and the outbox. */
async function failOutboxWrites(db: Db) {
  await sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
    begin raise exception 'outbox write refused by the test'; end $$`.execute(db);
  await sql`create trigger refuse_outbox before insert on webhook_events
    for each statement execute function refuse_outbox()`.execute(db);
}
const allowOutboxWrites = (db: Db) => sql`drop trigger refuse_outbox on webhook_events`.execute(db);

const intents = (db: Db) =>
  db.selectFrom('ehr_write_intents').select(['operation', 'source']).execute();

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe('a crash between an athena write and its outbox event loses nothing', () => {
  // Real time (athena's QPS governor refills by it) that the test can move ahead.
  let offsetMs = 0;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;
  const secretsKey = randomBytes(32);

  const startGateway = () =>
    buildGateway(storage, {
      now: clock.now,
      settings: {
        athena: {
          baseUrl: sandboxUrl,
          clientId: 'sandbox-client',
          clientSecret: 'sandbox-secret',
          practiceId: PRACTICE,
        },
        webhooks: { allowPrivate: true, secretsKey },
      },
      athenaTransport: { baseRetryDelayMs: 5 },
    });

  /** The process dies (its outbox write never happened) and a new one starts on the same data. */
  async function crashAndRestart() {
    await app.close();
    await allowOutboxWrites(storage.db);
    app = await startGateway();
  }

  beforeAll(async () => {
    ({ sandbox, url: sandboxUrl } = await startSandbox());
    storage = await openTestStorage({ name: 'pglite' });
    app = await startGateway();
    ({ key } = await createApiKey(app, await signIn(app)));
    receiver = await startWebhookReceiver();
    const registered = await app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': key },
      payload: {
        url: receiver.url,
        events: ['appointment.booked', 'patient.registered', 'patient.updated'],
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    ({ secret } = registered.json() as { secret: string });
  }, SLOW_MS);
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await sandbox.close();
    await receiver.close();
  });

  const deliver = async () => {
    await app.webhookDelivery.deliverDue();
    await app.webhookDelivery.deliverDue();
    return receiver.verifiedEvents(secret);
  };
  const bookFor = (patient: Record<string, string>, daysAhead: number) =>
    app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=athena',
      headers: { 'x-api-key': key },
      payload: {
        patient: { ...patient, departmentid: '21' },
        appointment: {
          appointmentTypeId: '7',
          departmentId: '21',
          date: scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead }),
        },
      },
    });

  it(
    'recovers a booking athena took after restart; the feed reporting it later adds nothing',
    async () => {
      // Subscribes to the feed, so the changes below are reported back by it.
      expect(await app.webhookDelivery.pollAthenaChanges()).toBe(0);
      const seed = practice.patients.find((p) => p.departmentId === 21)!;
      await failOutboxWrites(storage.db);
      const crashed = await bookFor(
        { firstname: seed.firstName, lastname: seed.lastName, dob: usDate(seed.dob) },
        12,
      );
      expect(crashed.statusCode, crashed.body).toBeGreaterThanOrEqual(500);
      expect(await intents(storage.db)).toEqual([{ operation: 'book', source: 'athena' }]);

      await crashAndRestart();
      // Within the grace the write might still be in flight on another instance: left alone.
      expect(await app.webhookDelivery.recoverEhrWrites()).toBe(0);
      clock.advance(AFTER_GRACE_MS);
      expect(await app.webhookDelivery.recoverEhrWrites()).toBe(1);
      expect(await intents(storage.db)).toEqual([]);
      const events = await deliver();
      expect(events.map((event) => [event.type, event.source])).toEqual([
        ['appointment.booked', 'athena'],
      ]);
      expect(events[0]!.data).toMatchObject({ patientId: String(seed.id), status: 'Scheduled' });

      expect(await app.webhookDelivery.pollAthenaChanges()).toBe(0);
      expect(await deliver()).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'recovers a registration the feed reported first without sending it twice',
    async () => {
      await failOutboxWrites(storage.db);
      const crashed = await bookFor(
        { firstname: 'Katherine', lastname: 'Johnson', dob: '08/26/1988', zip: '60601' },
        14,
      );
      expect(crashed.statusCode, crashed.body).toBeGreaterThanOrEqual(500);
      expect(await intents(storage.db)).toEqual([{ operation: 'register', source: 'athena' }]);

      await crashAndRestart();
      // The feed reports the new patient before recovery runs: a registration, written once.
      expect(await app.webhookDelivery.pollAthenaChanges()).toBe(1);
      clock.advance(AFTER_GRACE_MS);
      expect(await app.webhookDelivery.recoverEhrWrites()).toBe(0);
      expect(await intents(storage.db)).toEqual([]);
      expect((await deliver()).map((event) => event.type)).toEqual(['patient.registered']);
    },
    SLOW_MS,
  );
});
