import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createAuditRepository } from '../src/modules/audit/audit-repository.js';
import { createAuditService } from '../src/modules/audit/audit-service.js';
import {
  addUser,
  adminRequest,
  createApiKey,
  databaseTargets,
  openTestStorage,
  testClock,
  useGateway,
} from './helpers.js';

interface Event {
  id: string;
  at: string;
  action: string;
  actor: { type: string; id: string | null; name: string | null };
  target: string | null;
  result: string;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

describe.each(databaseTargets)('audit trail on $name', (target) => {
  const gw = useGateway(target);
  const get = (url: string, cookie = gw.cookie) =>
    adminRequest(gw.app, cookie, { method: 'GET', url });
  const events = async (query = '') => (await get(`/admin/audit${query}`)).json().events as Event[];

  it('records who did what, from where, with the result', async () => {
    await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      headers: { 'user-agent': 'Guesser/1.0' },
      payload: { username: 'admin', password: 'not the password' },
    });
    const key = await createApiKey(gw.app, gw.cookie, { name: 'audited key' });
    await adminRequest(gw.app, gw.cookie, { method: 'DELETE', url: `/admin/api-keys/${key.id}` });
    const config = (await get('/admin/config')).json();
    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config, logLevel: 'warn', payloadCapture: 'metadata' },
    });
    const dev = await addUser(gw.app, gw.cookie, { username: 'devon', role: 'developer' });
    await gw.app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: { 'x-api-key': gw.key },
    });
    await gw.app.requestLogWriter.flush();
    const [entry] = (await get('/admin/logs?limit=1', dev.cookie)).json().logs as Array<{
      id: string;
    }>;
    await get(`/admin/logs/${entry!.id}`, dev.cookie);

    const trail = await events('?limit=100');
    const actions = trail.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sign-in',
        'sign-in-failed',
        'key-created',
        'key-deleted',
        'config-changed',
        'payload-capture-changed',
        'user-created',
        'password-changed',
        'log-viewed',
      ]),
    );
    // Newest first.
    expect(trail[0]).toMatchObject({
      action: 'log-viewed',
      actor: { type: 'user', name: 'devon', id: dev.id },
      target: entry!.id,
      result: 'success',
      details: { phiShown: false },
    });
    const failed = trail.find((event) => event.action === 'sign-in-failed')!;
    expect(failed).toMatchObject({
      actor: { type: 'anonymous', name: 'admin' },
      result: 'failure',
      ip: '127.0.0.1',
      userAgent: 'Guesser/1.0',
    });
    const change = trail.find((event) => event.action === 'config-changed')!;
    expect(change.details).toMatchObject({
      before: { logLevel: 'info', payloadCapture: 'masked' },
      after: { logLevel: 'warn', payloadCapture: 'metadata' },
    });
    expect(trail.find((event) => event.action === 'payload-capture-changed')!.details).toEqual({
      before: 'masked',
      after: 'metadata',
    });
    const created = trail.find((event) => event.action === 'key-created')!;
    expect(created).toMatchObject({ actor: { name: 'admin' }, target: key.id });
    // No secret is ever in the trail.
    expect(JSON.stringify(trail)).not.toContain(key.key);
    expect(JSON.stringify(trail)).not.toContain(dev.password);
    expect(JSON.stringify(trail)).not.toContain('not the password');

    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { ...config },
    });
  });

  it('filters by actor, action and time, and pages with a cursor', async () => {
    const mine = await events('?actor=devon&limit=100');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((event) => event.actor.name === 'devon')).toBe(true);
    const byId = await events(`?actor=${mine[0]!.actor.id}&limit=100`);
    expect(byId.map((event) => event.id)).toEqual(mine.map((event) => event.id));

    const signIns = await events('?action=sign-in&limit=100');
    expect(signIns.every((event) => event.action === 'sign-in')).toBe(true);

    const all = await events('?limit=100');
    const middle = all[Math.floor(all.length / 2)]!;
    const older = await events(`?to=${encodeURIComponent(middle.at)}&limit=100`);
    expect(older.every((event) => event.at <= middle.at)).toBe(true);
    const newer = await events(`?from=${encodeURIComponent(middle.at)}&limit=100`);
    expect(newer.every((event) => event.at >= middle.at)).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await get(`/admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as {
        events: Event[];
        nextCursor: string | null;
      };
      seen.push(...page.events.map((event: Event) => event.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((event) => event.id));

    const bad = await get('/admin/audit?action=teleported&cursor=abc');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['action', 'cursor']);
  });

  it('exports the filtered trail as CSV, safe to open in a spreadsheet, and records the export', async () => {
    await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: '=HYPERLINK("http://evil")', password: 'whatever-it-is' },
    });
    const response = await get('/admin/audit/export.csv?action=sign-in-failed');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-.*\.csv"$/,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,at,actor_type,actor_id,actor_name,action,target,result,ip,user_agent,details',
    );
    expect(lines.length).toBe(1 + (await events('?action=sign-in-failed&limit=100')).length);
    expect(lines.slice(1).every((line) => line.includes('"sign-in-failed"'))).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const [latest] = await events('?action=audit-exported');
    expect(latest).toMatchObject({
      actor: { name: 'admin' },
      details: { filter: { action: 'sign-in-failed' } },
    });
  });

  it('verifies the chain, and sees where a row edited in SQL breaks it', async () => {
    const intact = (await get('/admin/audit/verify')).json();
    expect(intact).toMatchObject({ valid: true, brokenAt: null });
    expect(intact.checked).toBeGreaterThan(10);

    const all = await events('?limit=100');
    const victim = all[Math.floor(all.length / 2)]!;
    // The trigger refuses an UPDATE outright...
    await expect(
      sql`update audit_events set actor_name = 'someone else' where id = ${victim.id}`.execute(
        gw.storage.db,
      ),
    ).rejects.toThrow(/append-only/);
    // ...so someone with the database's keys goes around it.
    await sql`alter table audit_events disable trigger audit_events_append_only`.execute(
      gw.storage.db,
    );
    await sql`update audit_events set actor_name = 'someone else' where id = ${victim.id}`.execute(
      gw.storage.db,
    );
    await sql`alter table audit_events enable trigger audit_events_append_only`.execute(
      gw.storage.db,
    );
    const broken = (await get('/admin/audit/verify')).json();
    expect(broken).toMatchObject({ valid: false, brokenAt: victim.id });
    expect(broken.reason).toMatch(/does not match its hash/);

    // A row removed from the middle breaks the link of the one after it.
    await sql`alter table audit_events disable trigger audit_events_append_only`.execute(
      gw.storage.db,
    );
    await sql`update audit_events set actor_name = ${victim.actor.name} where id = ${victim.id}`.execute(
      gw.storage.db,
    );
    await sql`alter table audit_events enable trigger audit_events_append_only`.execute(
      gw.storage.db,
    );
    expect((await get('/admin/audit/verify')).json().valid).toBe(true);
    await sql`delete from audit_events where id = ${victim.id}`.execute(gw.storage.db);
    const gap = (await get('/admin/audit/verify')).json();
    expect(gap.valid).toBe(false);
    expect(BigInt(gap.brokenAt)).toBeGreaterThan(BigInt(victim.id));
    expect(gap.reason).toMatch(/does not follow/);
  });
});

describe('audit retention', () => {
  it('deletes events past the retention and the chain stays verifiable from the oldest kept', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const clock = testClock(new Date('2020-01-01T00:00:00Z'));
    const service = createAuditService({
      repository: createAuditRepository(storage.db),
      retentionDays: 30,
      now: clock.now,
    });
    const context = {
      actor: { type: 'system' as const, id: null, name: 'test' },
      ip: null,
      userAgent: null,
    };
    for (let day = 0; day < 60; day += 1) {
      await service.record(context, { action: 'config-changed', details: { day } });
      clock.advance(86_400_000);
    }
    expect(await service.purgeExpired()).toBe(30);
    const kept = await service.list({ limit: 100 });
    expect(kept.events).toHaveLength(30);
    expect(kept.events.at(-1)!.details).toEqual({ day: 30 });
    expect(await service.verify()).toEqual({
      valid: true,
      checked: 30,
      brokenAt: null,
      reason: null,
    });
    await storage.dispose();
  });
});
