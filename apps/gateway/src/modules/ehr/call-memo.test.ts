import { afterEach, describe, expect, it, vi } from 'vitest';

import { createCallMemos, withCallMemo } from './call-memo.js';
import type { EhrCallContext, EhrClient } from './ehr-client.js';

/** The EHR calls these tests make, counted; any other would fail the test. */
function fakeEhr() {
  return {
    source: 'athena',
    listProviders: vi.fn(async () => ({ providers: [], totalCount: 0 })),
    listOpenSlots: vi.fn(async () => [{ id: 'slot-1' }]),
    bookAppointment: vi.fn(async () => ({ id: 'appointment-1' })),
  } as unknown as EhrClient & {
    listProviders: ReturnType<typeof vi.fn>;
    listOpenSlots: ReturnType<typeof vi.fn>;
  };
}

describe('call memos', () => {
  it('reuses an answer within one call, never across calls, and not after the TTL', async () => {
    let clock = 0;
    const memos = createCallMemos({ ttlMs: 1_000, now: () => clock });
    const load = vi.fn(async () => 'answer');
    await memos.memoOf('call-a').reuse('k', load);
    await memos.memoOf('call-a').reuse('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    await memos.memoOf('call-b').reuse('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    clock = 1_000;
    await memos.memoOf('call-a').reuse('k', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps no failed answer, and forgets the least recently used call beyond its bound', async () => {
    const memos = createCallMemos({ maxCalls: 2 });
    const failing = vi.fn(async () => {
      throw new Error('EHR down');
    });
    await expect(memos.memoOf('a').reuse('k', failing)).rejects.toThrow('EHR down');
    await expect(memos.memoOf('a').reuse('k', failing)).rejects.toThrow('EHR down');
    expect(failing).toHaveBeenCalledTimes(2);
    await memos.memoOf('b').reuse('k', async () => 1);
    await memos.memoOf('c').reuse('k', async () => 1);
    expect(memos.size).toBe(2);
  });
});

describe("the call memos' sweep", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is scheduled by the first call, not at creation, and stops once no call is left', async () => {
    vi.useFakeTimers();
    const memos = createCallMemos({ ttlMs: 1_000 });
    expect(memos.sweeping).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await memos.memoOf('call-a').reuse('k', async () => 'answer');
    expect(memos.sweeping).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(memos.size).toBe(0);
    expect(memos.sweeping).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is stopped, with every call forgotten, by close', async () => {
    vi.useFakeTimers();
    const memos = createCallMemos({ ttlMs: 1_000 });
    await memos.memoOf('call-a').reuse('k', async () => 'answer');
    memos.close();
    expect(memos.size).toBe(0);
    expect(memos.sweeping).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('an EHR client with a call memo', () => {
  const practiceId = '195900';

  it('asks the EHR once per call for providers and slots, and again for slots after a booking', async () => {
    const inner = fakeEhr();
    const { listProviders: providers, listOpenSlots: slots } = inner;
    const client = withCallMemo(inner);
    const ctx: EhrCallContext = { requestId: 'r', callMemo: createCallMemos().memoOf('call') };
    const page = { limit: 10, offset: 0 };
    await client.listProviders(practiceId, page, ctx);
    await client.listProviders(practiceId, page, ctx);
    expect(providers).toHaveBeenCalledTimes(1);
    const search = { departmentId: '1', startDate: '2030-01-07', endDate: '2030-01-11' };
    const [slot] = await client.listOpenSlots(practiceId, search, ctx);
    await client.listOpenSlots(practiceId, search, ctx);
    expect(slots).toHaveBeenCalledTimes(1);
    await client.bookAppointment(practiceId, { slotId: slot!.id, patientId: '1001' }, ctx);
    await client.listOpenSlots(practiceId, search, ctx);
    expect(slots).toHaveBeenCalledTimes(2);
    await client.listProviders(practiceId, page, ctx);
    expect(providers).toHaveBeenCalledTimes(1);
  });

  it("keeps a match's records as the call's reads of those patients, and matches again every time", async () => {
    const record = { id: '1001', firstName: 'Linda', lastName: 'Wright', dob: '2017-04-19' };
    const inner = {
      source: 'athena',
      findPatients: vi.fn(async () => [record]),
      getPatient: vi.fn(async () => ({ ...record, read: true })),
    } as unknown as EhrClient & {
      findPatients: ReturnType<typeof vi.fn>;
      getPatient: ReturnType<typeof vi.fn>;
    };
    const client = withCallMemo(inner);
    const memos = createCallMemos();
    const call: EhrCallContext = { requestId: 'r', callMemo: memos.memoOf('call-a') };
    const identity = { firstName: 'Linda', lastName: 'Wright', dob: '2017-04-19' };
    await client.findPatients(practiceId, identity, call);
    expect(await client.getPatient(practiceId, '1001', call)).toBe(record);
    expect(inner.getPatient).not.toHaveBeenCalled();
    await client.findPatients(practiceId, identity, call);
    expect(inner.findPatients).toHaveBeenCalledTimes(2);
    // Another call, or a request with no call, reads the patient from the EHR.
    const other: EhrCallContext = { requestId: 'r', callMemo: memos.memoOf('call-b') };
    await client.getPatient(practiceId, '1001', other);
    await client.getPatient(practiceId, '1001', { requestId: 'r' });
    expect(inner.getPatient).toHaveBeenCalledTimes(2);
  });

  it('passes every read through without a memo, and for a practice the key may not use', async () => {
    const inner = fakeEhr();
    const providers = inner.listProviders;
    const client = withCallMemo(inner);
    const page = { limit: 10, offset: 0 };
    await client.listProviders(practiceId, page, { requestId: 'r' });
    await client.listProviders(practiceId, page, { requestId: 'r' });
    const bound: EhrCallContext = {
      requestId: 'r',
      allowedPracticeIds: ['1'],
      callMemo: createCallMemos().memoOf('call'),
    };
    await client.listProviders(practiceId, page, bound);
    await client.listProviders(practiceId, page, bound);
    expect(providers).toHaveBeenCalledTimes(4);
  });
});
