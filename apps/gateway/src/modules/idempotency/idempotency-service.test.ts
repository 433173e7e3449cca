import { createHash, hkdfSync } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { openStorage, type Storage } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createPayloadSealer } from '../../lib/payload-seal.js';
import { createIdempotencyRepository } from './idempotency-repository.js';
import { createIdempotencyService } from './idempotency-service.js';

const SCOPE = 'fhir:mock:12345:Appointment';
const KEY = 'c0ffee00-1111-4222-8333-444455556666';
const REQUEST = { slot: 'Slot/1', patient: 'Patient/1001' };
const ANSWER = { id: '107205000480', patient: { name: 'Linda Wright' } };

/** What the service before JWE wrote: the same derived keys, the answer in payload-seal's v1. */
function writtenBeforeJwe(answer: unknown) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', KEY, SCOPE, `ehr-gateway idempotency ${purpose}`, 32));
  return {
    lookup: derive('lookup').toString('hex'),
    requestHash: createHash('sha256').update(JSON.stringify(REQUEST)).digest('hex'),
    sealed: createPayloadSealer(derive('answer')).seal(JSON.stringify(answer)),
  };
}

describe('idempotent answers are sealed', () => {
  // One database (migrating PGlite is the slow part), emptied before each test.
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ dataDir: 'memory://' });
    await migrate(storage.db);
  });
  beforeEach(() => storage.db.deleteFrom('idempotency_keys').execute());
  afterAll(() => storage.close());

  const service = () =>
    createIdempotencyService({ repository: createIdempotencyRepository(storage.db) });
  const storedRows = () =>
    storage.db.selectFrom('idempotency_keys').select(['key', 'sealed_response']).execute();

  it('as JWE, which a retry with the same key opens (the work runs once)', async () => {
    const work = vi.fn(async () => ({ statusCode: 201, body: ANSWER }));
    const first = await service().run(SCOPE, KEY, REQUEST, work);
    const retry = await service().run(SCOPE, KEY, REQUEST, work);
    expect(work).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ statusCode: 201, body: ANSWER, replayed: false });
    expect(retry).toEqual({ statusCode: 201, body: ANSWER, replayed: true });
    const [row] = await storedRows();
    expect(row!.sealed_response!.split('.')).toHaveLength(5);
    expect(JSON.stringify(row)).not.toContain('Linda');
    expect(JSON.stringify(row)).not.toContain(KEY);
  });

  it('and rows sealed before JWE still answer their retries', async () => {
    const old = writtenBeforeJwe(ANSWER);
    const repository = createIdempotencyRepository(storage.db);
    expect(await repository.claim(SCOPE, old.lookup, old.requestHash)).toBe(true);
    await repository.complete(SCOPE, old.lookup, 201, old.sealed);
    expect(old.sealed.startsWith('v1:')).toBe(true);

    const work = vi.fn(async () => ({ statusCode: 201, body: { id: 'booked again' } }));
    const retry = await service().run(SCOPE, KEY, REQUEST, work);
    expect(work).not.toHaveBeenCalled();
    expect(retry).toEqual({ statusCode: 201, body: ANSWER, replayed: true });
  });

  it('keeps the key when the answer cannot be stored after the work: a retry does not redo it', async () => {
    const repository = createIdempotencyRepository(storage.db);
    const failing = {
      ...repository,
      complete: vi.fn(async () => {
        throw new Error('connection lost');
      }),
    };
    const work = vi.fn(async () => ({ statusCode: 201, body: ANSWER }));
    const first = createIdempotencyService({ repository: failing });
    await expect(first.run(SCOPE, KEY, REQUEST, work)).rejects.toThrow('connection lost');
    await expect(service().run(SCOPE, KEY, REQUEST, work)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('and a changed row is refused (409), not read wrong', async () => {
    await service().run(SCOPE, KEY, REQUEST, async () => ({ statusCode: 201, body: ANSWER }));
    const [row] = await storedRows();
    const parts = row!.sealed_response!.split('.');
    parts[3] = Buffer.from('{"id":"forged"}').toString('base64url');
    await storage.db
      .updateTable('idempotency_keys')
      .set({ sealed_response: parts.join('.') })
      .execute();
    await expect(
      service().run(SCOPE, KEY, REQUEST, async () => ({ statusCode: 201, body: {} })),
    ).rejects.toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_ANSWER_UNREADABLE' });
  });
});
