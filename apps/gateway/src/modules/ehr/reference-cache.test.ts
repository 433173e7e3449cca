import type { ProviderList } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import type { EhrClient } from './ehr-client.js';
import { createReferenceCache, withReferenceCache } from './reference-cache.js';

const ctx = { requestId: 'reference-cache-test' };

/** A client that counts the athena calls each method made. */
function recordingClient() {
  const calls: string[] = [];
  const client = {
    source: 'athena',
    listProviders: async (practiceId: string) => {
      calls.push(`providers ${practiceId}`);
      return { totalCount: 1, providers: [] } as ProviderList;
    },
    listAppointmentTypes: async (practiceId: string, filter: { departmentId?: string }) => {
      calls.push(`types ${practiceId} ${filter.departmentId}`);
      return [];
    },
    getPatient: async () => {
      calls.push('patient');
      return {};
    },
  } as unknown as EhrClient;
  return { client, calls };
}

describe('the practice reference cache', () => {
  it('asks athena once for providers and visit types across calls while they are fresh', async () => {
    let now = 5000;
    const { client, calls } = recordingClient();
    const cached = withReferenceCache(
      client,
      createReferenceCache({ ttlMs: 1000, now: () => now }),
    );
    const page = { limit: 500, offset: 0 };
    await Promise.all([
      cached.listProviders('1', page, ctx),
      cached.listProviders('1', page, ctx),
      cached.listAppointmentTypes('1', { departmentId: '2' }, ctx),
    ]);
    now = 5999;
    await cached.listProviders('1', page, ctx);
    await cached.listAppointmentTypes('1', { departmentId: '2' }, ctx);
    expect(calls).toEqual(['providers 1', 'types 1 2']);

    now = 6001;
    await cached.listProviders('1', page, ctx);
    expect(calls).toEqual(['providers 1', 'types 1 2', 'providers 1']);
  });

  it('keeps practices, pages and departments apart, and patient reads uncached', async () => {
    const { client, calls } = recordingClient();
    const cached = withReferenceCache(client, createReferenceCache());
    await cached.listProviders('1', { limit: 500, offset: 0 }, ctx);
    await cached.listProviders('2', { limit: 500, offset: 0 }, ctx);
    await cached.listProviders('1', { limit: 500, offset: 500 }, ctx);
    await cached.listAppointmentTypes('1', { departmentId: '3' }, ctx);
    await cached.listAppointmentTypes('1', {}, ctx);
    await cached.getPatient('1', '7', ctx);
    await cached.getPatient('1', '7', ctx);
    expect(calls).toEqual([
      'providers 1',
      'providers 2',
      'providers 1',
      'types 1 3',
      'types 1 undefined',
      'patient',
      'patient',
    ]);
  });

  it('does not keep a failed call: the next asker tries athena again', async () => {
    const reference = createReferenceCache();
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) {
        throw new Error('athena down');
      }
      return 'departments';
    };
    await expect(reference.reuse('1', 'departments', load)).rejects.toThrow('athena down');
    await expect(reference.reuse('1', 'departments', load)).resolves.toBe('departments');
    await expect(reference.reuse('1', 'departments', load)).resolves.toBe('departments');
    expect(attempts).toBe(2);
  });

  it('holds a bounded number of answers, forgetting the least recently used', async () => {
    const reference = createReferenceCache({ max: 2 });
    let loads = 0;
    const load = async () => (loads += 1);
    await reference.reuse('1', 'a', load);
    await reference.reuse('1', 'b', load);
    await reference.reuse('1', 'a', load);
    await reference.reuse('1', 'c', load);
    expect(loads).toBe(3);
    await reference.reuse('1', 'a', load);
    await reference.reuse('1', 'b', load);
    expect(loads).toBe(4);
  });
});
