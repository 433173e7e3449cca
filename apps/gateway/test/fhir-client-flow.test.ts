import type { Appointment, Bundle, Patient, Slot } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays } from '@ehr-gateway/calendar';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import {
  ATHENA_PRACTICE,
  startAthenaSourceApp,
  type AthenaSourceApp,
} from './athena-source-app.js';
import { adminRequest } from './helpers.js';
import { scheduleDate } from './schedule.js';

const PRACTICES = { mock: '12345', athena: ATHENA_PRACTICE } as const;
const practice = createPractice();

/**
 * A FHIR client library (fhir-kit-client) against the face over HTTP, for each EHR: discover,
 * find the patient, find free slots, book, find the booking, cancel; the same booking seen
 * through the REST API and the request log.
 */
describe('a FHIR client books and cancels through the face', () => {
  let started: AthenaSourceApp | undefined;
  let app: FastifyInstance;
  let origin: string;
  let key: string;
  let cookie: string;

  beforeAll(async () => {
    started = await startAthenaSourceApp();
    ({ app, key, cookie } = started);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => {
    await started?.close();
  });

  it.each(Object.entries(PRACTICES))('against %s', async (source, practiceId) => {
    const client = new Client({
      baseUrl: `${origin}/fhir/r4/${source}/${practiceId}`,
      bearerToken: key,
    });
    const statement = (await client.capabilityStatement()) as unknown as { fhirVersion: string };
    expect(statement.fhirVersion).toBe('4.0.1');

    const person = practice.patients[source === 'mock' ? 3 : 4]!;
    const patients = (await client.search({
      resourceType: 'Patient',
      searchParams: { name: person.lastName, birthdate: person.dob },
    })) as unknown as Bundle<Patient>;
    const patient = patients.entry?.find((e) => e.resource?.birthDate === person.dob)?.resource;
    expect(patient?.name?.[0]?.family).toBe(person.lastName);

    const day = scheduleDate({ daysAhead: source === 'mock' ? 3 : 5, atLeast: 3 });
    const slots = (await client.search({
      resourceType: 'Slot',
      searchParams: { status: 'free', start: [`ge${day}`, `lt${addDays(day, 7)}`] },
    })) as unknown as Bundle<Slot>;
    const slot = slots.entry![0]!.resource!;
    expect(slot.status).toBe('free');

    const booked = (await client.create({
      resourceType: 'Appointment',
      body: {
        resourceType: 'Appointment',
        status: 'booked',
        slot: [{ reference: `Slot/${slot.id}` }],
        participant: [{ actor: { reference: `Patient/${patient!.id}` }, status: 'accepted' }],
      },
    })) as unknown as Appointment;
    expect(booked).toMatchObject({ status: 'booked', start: slot.start });

    const mine = (await client.search({
      resourceType: 'Appointment',
      searchParams: {
        patient: `Patient/${patient!.id}`,
        date: [`ge${day}`, `lt${addDays(day, 7)}`],
        _count: 100,
      },
    })) as unknown as Bundle<Appointment>;
    expect(mine.entry?.map((e) => e.resource?.id)).toContain(booked.id);

    await client.patch({
      resourceType: 'Appointment',
      id: booked.id!,
      jsonPatch: [{ op: 'replace', path: '/status', value: 'cancelled' }],
    });
    const after = (await client.read({
      resourceType: 'Appointment',
      id: booked.id!,
    })) as unknown as Appointment;
    expect(after.status).toBe('cancelled');

    const rest = await app.inject({
      method: 'GET',
      url: `/api/${practiceId}/appointments/${booked.id}?source=${source}`,
      headers: { 'x-api-key': key },
    });
    expect(rest.json()).toMatchObject({
      id: booked.id,
      status: 'Cancelled',
      patientId: patient!.id,
    });

    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs?source=${source}&endpoint=/fhir/r4/${source}/${practiceId}/Appointment&limit=50`,
    });
    const entries = logs.json().logs as Array<{ method: string; status: number; route: string }>;
    expect(entries.map((e) => `${e.method} ${e.status}`)).toEqual(
      expect.arrayContaining(['POST 201', 'PATCH 200']),
    );
  });
});
