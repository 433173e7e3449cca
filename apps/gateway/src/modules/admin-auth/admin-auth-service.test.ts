import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createAdminAuthRepository } from './admin-auth-repository.js';
import { createAdminAuthService, DEFAULT_AUTH_POLICY } from './admin-auth-service.js';

const MINUTE = 60_000;

describe('admin sessions expire', () => {
  let storage: Storage;
  let clock = new Date('2026-01-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    storage = await openStorage({ dataDir: 'memory://' });
    await migrate(storage.db);
  });
  afterAll(() => storage.close());

  const service = () =>
    createAdminAuthService({
      repository: createAdminAuthRepository(storage.db),
      policy: {
        ...DEFAULT_AUTH_POLICY,
        failureDelayMs: 0,
        idleTimeoutMs: 30 * MINUTE,
        absoluteTimeoutMs: 12 * 60 * MINUTE,
      },
      now: () => clock,
    });

  it('generates a password for the first admin only, and only when none was given', async () => {
    const auth = service();
    const first = await auth.ensureInitialAdmin('admin', undefined);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await auth.ensureInitialAdmin('admin', 'another-password')).toEqual({ created: false });
    await auth.login('admin', first.generatedPassword!, '127.0.0.1');
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const auth = service();
    await storage.db.deleteFrom('admin_users').execute();
    await auth.ensureInitialAdmin('admin', 'idle-password');
    const { token } = await auth.login('admin', 'idle-password', '127.0.0.1');

    advance(29 * MINUTE);
    expect(await auth.authenticate(token)).not.toBeNull();
    // That use renewed the idle window.
    advance(29 * MINUTE);
    expect(await auth.authenticate(token)).not.toBeNull();
    advance(31 * MINUTE);
    expect(await auth.authenticate(token)).toBeNull();
    // And it is gone for good, even if time ran backwards.
    clock = new Date(clock.getTime() - 31 * MINUTE);
    expect(await auth.authenticate(token)).toBeNull();
  });

  it('ends a session at its absolute limit however busy it is', async () => {
    const auth = service();
    const { token } = await auth.login('admin', 'idle-password', '127.0.0.1');
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect(await auth.authenticate(token)).not.toBeNull();
      advance(20 * MINUTE);
    }
    expect(await auth.authenticate(token)).toBeNull();
  });

  it('purges expired sessions and old failures', async () => {
    const auth = service();
    await auth.login('admin', 'idle-password', '127.0.0.1');
    await expect(auth.login('admin', 'wrong', '10.0.0.1')).rejects.toThrow(
      'Invalid username or password',
    );
    advance(13 * 60 * MINUTE);
    await auth.purgeExpired();
    expect(await storage.db.selectFrom('admin_sessions').selectAll().execute()).toEqual([]);
    expect(await storage.db.selectFrom('login_failures').selectAll().execute()).toEqual([]);
  });

  it('ignores tokens that are absent, unknown or absurdly long', async () => {
    const auth = service();
    expect(await auth.authenticate(undefined)).toBeNull();
    expect(await auth.authenticate('not-a-session')).toBeNull();
    expect(await auth.authenticate('x'.repeat(10_000))).toBeNull();
  });
});
