import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { zonedInstant } from '@ehr-gateway/calendar';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import { json, setup, START, type ListBody, type Sandbox } from './helpers.js';

const practice = createPractice();
let sb: Sandbox;
beforeAll(async () => {
  sb = await setup();
});
afterAll(() => sb.app.close());

type Open = ListBody<'appointments'>;
const open = async (query: string) => {
  const response = await sb.get(`/appointments/open?${query}`);
  expect(response.statusCode).toBe(200);
  return json<Open>(response);
};

describe('GET /appointments/open', () => {
  it('answers 400 without a department', async () => {
    const response = await sb.get('/appointments/open?appointmenttypeid=2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      invalidfields: [],
      missingfields: ['departmentid'],
      error: 'Additional fields are required.',
    });
  });

  it('answers the recorded 400 without an appointment type or reason', async () => {
    const response = await sb.get('/appointments/open?departmentid=1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detailedmessage: 'An appointment type or reason must be provided.',
      error: 'Additional fields are required.',
    });
  });

  it('answers 404 for an unknown department and 400 for malformed dates', async () => {
    expect((await sb.get('/appointments/open?departmentid=999&reasonid=-1')).statusCode).toBe(404);
    const bad = await sb.get('/appointments/open?departmentid=1&reasonid=-1&startdate=2026-03-03');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ invalidfields: ['startdate'] });
    const inverted = await sb.get(
      '/appointments/open?departmentid=1&reasonid=-1&startdate=03/10/2026&enddate=03/09/2026',
    );
    expect(inverted.statusCode).toBe(400);
  });

  it('lists open slots with athena fields, all strings, mm/dd/yyyy and HH:MM', async () => {
    const body = await open('departmentid=1&appointmenttypeid=5');
    expect(body.totalcount).toBeGreaterThan(0);
    const slot = body.appointments[0]!;
    expect(Object.keys(slot).sort()).toEqual(
      [
        'appointmentid',
        'appointmenttype',
        'appointmenttypeid',
        'date',
        'departmentid',
        'duration',
        'localproviderid',
        'patientappointmenttypename',
        'providerid',
        'reasonid',
        'starttime',
      ].sort(),
    );
    expect(slot).toMatchObject({
      appointmenttype: 'Annual Physical',
      appointmenttypeid: '5',
      patientappointmenttypename: 'Annual Physical',
      departmentid: '1',
      duration: '40',
      reasonid: ['-1'],
    });
    expect(slot.appointmentid).toMatch(/^\d{12}$/);
    expect(slot.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(slot.starttime).toMatch(/^\d{2}:\d{2}$/);
    expect(slot.localproviderid).toBe(slot.providerid);
  });

  it('defaults to today through today + 7 and never offers past or booked slots', async () => {
    const body = await open('departmentid=1&appointmenttypeid=5,7&limit=10000');
    const dates = new Set(body.appointments.map((s) => s.date));
    expect([...dates].every((d) => d! >= '03/02/2026' && d! <= '03/09/2026')).toBe(true);
    // Today's slots before 10:00 (Boston) have passed.
    expect(
      body.appointments.some((s) => s.date === '03/02/2026' && (s.starttime as string) < '10:00'),
    ).toBe(false);
    const expected = practice
      .scheduledSlots({
        startDate: '2026-03-02',
        endDate: '2026-03-09',
        departmentIds: [1],
        appointmentTypeIds: [5, 7],
      })
      .filter((slot) => zonedInstant(slot.date, slot.startTime, 'America/New_York') > START)
      .filter((slot) => !practice.seedAppointment(slot));
    expect(body.totalcount).toBe(expected.length);
    expect(new Set(body.appointments.map((s) => s.appointmentid))).toEqual(
      new Set(expected.map((s) => s.id)),
    );
  });

  it('filters by provider and appointment type', async () => {
    const provider = practice.providers.find((p) => p.specialty === 'Cardiology')!;
    const body = await open(`departmentid=102&providerid=${provider.id}&appointmenttypeid=8`);
    expect(body.totalcount).toBeGreaterThan(0);
    expect(
      body.appointments.every(
        (s) => s.providerid === String(provider.id) && s.appointmenttypeid === '8',
      ),
    ).toBe(true);
  });

  it('offers every bookable type for reasonid -1, one type for another reason id', async () => {
    const body = await open('departmentid=102&reasonid=-1&limit=10000');
    const types = new Set(body.appointments.map((s) => s.appointmenttypeid));
    expect(types.has('8')).toBe(true);
    expect(types.has('4')).toBe(true);
    const byReason = await open('departmentid=102&reasonid=8&limit=10000');
    expect(byReason.totalcount).toBeGreaterThan(0);
    expect(new Set(byReason.appointments.map((s) => s.appointmenttypeid))).toEqual(new Set(['8']));
    const types2 = new Set(
      (await open('departmentid=102&appointmenttypeid=4&limit=10000')).appointments.map(
        (s) => s.appointmenttypeid,
      ),
    );
    expect([...types2]).toEqual(['4']);
  });

  it('offers nothing beyond 90 days unless bypassscheduletimechecks is set', async () => {
    const query = 'departmentid=1&reasonid=-1&startdate=06/15/2026&enddate=06/19/2026';
    expect((await open(query)).totalcount).toBe(0);
    const bypassed = await open(`${query}&bypassscheduletimechecks=true`);
    expect(bypassed.totalcount).toBeGreaterThan(0);
    // 31 May (a Sunday) is today + 90: Friday 29 May is offered, June is not.
    const edge = await open(
      'departmentid=1&reasonid=-1&startdate=05/26/2026&enddate=06/05/2026&limit=10000',
    );
    const dates = new Set(edge.appointments.map((s) => s.date));
    expect(dates.has('05/29/2026')).toBe(true);
    expect([...dates].every((d) => (d as string) <= '05/31/2026')).toBe(true);
  });

  it('accepts several departments and pages with next/previous', async () => {
    const body = await open('departmentid=1,21&reasonid=-1&limit=50&offset=50');
    expect(new Set(body.appointments.map((s) => s.departmentid))).toEqual(new Set(['1', '21']));
    expect(body.appointments).toHaveLength(50);
    expect(body.next).toBe(
      '/v1/195900/appointments/open?departmentid=1%2C21&reasonid=-1&limit=50&offset=100',
    );
    expect(body.previous).toBe(
      '/v1/195900/appointments/open?departmentid=1%2C21&reasonid=-1&limit=50&offset=0',
    );
  });

  it('defaults to 1000 rows per page and caps at 10000', async () => {
    const wide =
      'departmentid=1,21,102,145,148,150,157&reasonid=-1&startdate=03/02/2026&enddate=04/30/2026';
    const first = await open(wide);
    expect(first.totalcount).toBeGreaterThan(1000);
    expect(first.appointments).toHaveLength(1000);
    const capped = await open(`${wide}&limit=50000`);
    expect(capped.appointments).toHaveLength(Math.min(10_000, capped.totalcount));
  });
});
