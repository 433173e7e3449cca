import type { Appointment } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';

import type { ChangeWatermark, ChangeWatermarkStore } from '../change-watermarks.js';
import { appointmentChangeOf, createFhirChangePoll } from './fhir-change-poll.js';

const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const appointment = (id: string, version: string, lastUpdated: string, status = 'booked') =>
  ({
    resourceType: 'Appointment',
    id,
    status,
    meta: { versionId: version, lastUpdated },
    start: '2026-03-09T15:00:00Z',
    end: '2026-03-09T15:30:00Z',
    participant: [{ actor: { reference: 'Patient/1001' }, status: 'accepted' }],
  }) as Appointment;

function memoryStore(): ChangeWatermarkStore & { row: ChangeWatermark & { leased: boolean } } {
  const row = { watermark: null as Date | null, seen: [] as string[], leased: false };
  return {
    row,
    claim: async () => {
      if (row.leased) {
        return null;
      }
      row.leased = true;
      return { watermark: row.watermark, seen: [...row.seen] };
    },
    save: async (_practice, next) => {
      Object.assign(row, next, { leased: false });
    },
    release: async () => {
      row.leased = false;
    },
  };
}

function setup({ declared = ['Appointment', 'Patient'] }: { declared?: string[] } = {}) {
  const server: Appointment[] = [];
  const queries: Array<Array<[string, string]>> = [];
  const warnings: string[] = [];
  const recorded: string[] = [];
  const store = memoryStore();
  let clock = T0;
  const poll = createFhirChangePoll({
    search: {
      declaresSearchParam: async (type, name) => name === '_lastUpdated' && declared.includes(type),
      all: (async (type: string, query: Array<[string, string]>) => {
        queries.push(query);
        const after = Date.parse(query[0]![1].slice(2));
        return type === 'Appointment'
          ? server.filter((a) => Date.parse(a.meta!.lastUpdated!) > after)
          : [];
      }) as never,
    },
    practiceId: '195900',
    store,
    record: async (change) => {
      recorded.push(`${change.type} ${change.kind === 'appointment' ? change.appointment.id : ''}`);
      return true;
    },
    overlapMs: 5_000,
    log: { warn: (message) => warnings.push(message) },
    now: () => new Date(clock),
  });
  return { poll, server, queries, warnings, recorded, store, tick: (ms: number) => (clock += ms) };
}

describe('the FHIR _lastUpdated change poll', () => {
  it('reports nothing the EHR held before its starting point, even inside the overlap', async () => {
    const { poll, server, recorded, tick } = setup();
    // Stored a second before the first poll: within the next poll's 5 s overlap.
    server.push(appointment('before', '1', at(-1_000)), appointment('later', '2', at(-4_000)));
    expect(await poll.poll()).toBe(0);
    tick(2_000);
    expect(await poll.poll()).toBe(0);
    server.push(appointment('after', '1', at(1_500)));
    tick(1_000);
    expect(await poll.poll()).toBe(1);
    expect(recorded).toEqual(['appointment.booked after']);
  });

  it('first fixes its starting point, then reports each version once across the overlap', async () => {
    const { poll, server, queries, recorded, store, tick } = setup();
    expect(await poll.poll()).toBe(0);
    expect(store.row.watermark).toEqual(new Date(T0));

    server.push(appointment('a', '1', at(1_000)));
    tick(2_000);
    expect(await poll.poll()).toBe(1);
    expect(queries.at(-1)).toEqual([
      ['_lastUpdated', `gt${at(-5_000)}`],
      ['_sort', '_lastUpdated'],
    ]);
    // Stored in the same millisecond as the last change seen, after that poll ran.
    server.push(appointment('b', '1', at(1_000)));
    // A server answers with a resource's current version only.
    server.splice(0, 1, appointment('a', '2', at(1_500), 'cancelled'));
    tick(2_000);
    expect(await poll.poll()).toBe(2);
    expect(await poll.poll()).toBe(0);
    expect(recorded.sort()).toEqual([
      'appointment.booked a',
      'appointment.booked b',
      'appointment.cancelled a',
    ]);
    expect(store.row.watermark).toEqual(new Date(at(1_500)));
    expect(store.row.seen.sort()).toEqual(['Appointment/a/2', 'Appointment/b/1']);
  });

  it('does not poll while another instance holds the lease', async () => {
    const { poll, store, server, recorded } = setup();
    await poll.poll();
    server.push(appointment('a', '1', at(1_000)));
    store.row.leased = true;
    expect(await poll.poll()).toBe(0);
    expect(recorded).toEqual([]);
  });

  it('says once that the server cannot search by _lastUpdated, and polls nothing', async () => {
    const { poll, warnings, store } = setup({ declared: ['Patient'] });
    expect(await poll.poll()).toBe(0);
    expect(await poll.poll()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not declare the _lastUpdated search on Appointment:/);
    expect(poll.problem()).toBe(warnings[0]);
    expect(store.row.watermark).toEqual(new Date(T0));

    const none = setup({ declared: [] });
    expect(await none.poll.poll()).toBe(0);
    expect(none.store.row.watermark).toBeNull();
    expect(none.poll.problem()).toMatch(/on Appointment and Patient/);
  });

  it.each([
    ['booked', 'appointment.booked'],
    ['cancelled', 'appointment.cancelled'],
    ['noshow', 'appointment.updated'],
    ['fulfilled', 'appointment.updated'],
  ])('reads an appointment that is %s as %s', (status, type) => {
    expect(appointmentChangeOf(appointment('a', '3', at(0), status)).type).toBe(type);
  });
});
