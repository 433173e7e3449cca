import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../src/db/database.js';
import { databaseTargets, useGateway } from './helpers.js';
import { scheduleDate } from './schedule.js';
import { startWebhookReceiver } from './webhook-receiver.js';

const EVENTS = ['appointment.booked', 'appointment.cancelled', 'patient.registered'];

/** Makes every insert into the outbox fail, as a crash of the outbox write would. */
async function failOutboxWrites(db: Db) {
  await sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
    begin raise exception 'outbox write refused by the test'; end $$`.execute(db);
  await sql`create trigger refuse_outbox before insert on webhook_events
    for each statement execute function refuse_outbox()`.execute(db);
}

/** Makes a transaction that booked a Mock EHR slot fail as it commits, after its outbox write. */
async function failBookingsAtCommit(db: Db) {
  await sql`create or replace function refuse_booking() returns trigger language plpgsql as $$
    begin raise exception 'booking refused at commit by the test'; end $$`.execute(db);
  await sql`create constraint trigger refuse_booking after insert or update on mock_slot_bookings
    deferrable initially deferred for each row execute function refuse_booking()`.execute(db);
}

const count = async (db: Db, table: 'webhook_events' | 'mock_patients' | 'mock_slot_bookings') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(databaseTargets)('the Mock EHR write and its outbox event on $name', (target) => {
  const gw = useGateway(target, {
    settings: { webhooks: { allowPrivate: true, secretsKey: randomBytes(32) } },
  });
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const registered = await gw.app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': gw.key },
      payload: { url: receiver.url, events: EVENTS },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    ({ secret } = registered.json() as { secret: string });
  });
  afterAll(() => receiver.close());

  const book = (firstname: string, daysAhead: number) =>
    gw.app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=mock',
      headers: { 'x-api-key': gw.key },
      payload: {
        patient: { firstname, lastname: 'Hopper', dob: '12/09/1986', departmentid: '21' },
        appointment: {
          appointmentTypeId: '7',
          departmentId: '21',
          date: scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead }),
        },
      },
    });

  it('rolls the registration back when its outbox event cannot be written', async () => {
    const db = gw.storage.db;
    await failOutboxWrites(db);
    const refused = await book('Grace', 9);
    await sql`drop trigger refuse_outbox on webhook_events`.execute(db);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
    expect(await count(db, 'mock_patients')).toBe(0);
    expect(await count(db, 'webhook_events')).toBe(0);

    const booked = await book('Grace', 9);
    expect(booked.statusCode, booked.body).toBe(201);
    await gw.app.webhookDelivery.deliverDue();
    await gw.app.webhookDelivery.deliverDue();
    expect(
      receiver
        .verifiedEvents(secret)
        .map((event) => event.type)
        .sort(),
    ).toEqual(['appointment.booked', 'patient.registered']);
  });

  it('rolls the outbox event back when the booking it describes fails to commit', async () => {
    const db = gw.storage.db;
    const events = await count(db, 'webhook_events');
    const bookings = await count(db, 'mock_slot_bookings');
    await failBookingsAtCommit(db);
    const refused = await book('Alan', 13);
    await sql`drop trigger refuse_booking on mock_slot_bookings`.execute(db);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
    // The registration committed with its own event; the booking and its event did not.
    expect(await count(db, 'mock_slot_bookings')).toBe(bookings);
    const written = await db.selectFrom('webhook_events').select('type').execute();
    expect(written.length).toBe(events + 1);
    expect(written.map((row) => row.type).filter((type) => type === 'appointment.booked')).toEqual([
      'appointment.booked',
    ]);
    await gw.app.webhookDelivery.deliverDue();
    expect(receiver.verifiedEvents(secret).map((event) => event.type)).toEqual([
      'patient.registered',
    ]);
  });
});
