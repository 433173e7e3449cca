import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { createAdminAuthRepository } from './admin-auth-repository.js';
import { createAdminAuthService } from './admin-auth-service.js';
import { DEFAULT_AUTH_POLICY } from './admin-auth-shared.js';

const MINUTE = 60_000;

const PASSWORD = 'a-long-admin-password';

// Each test gets its own database and clock, so none depends on another having run.
describe('admin sessions expire', () => {
  let storage: Storage;
  let clock: Date;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeEach(async () => {
    clock = new Date('2026-01-01T09:00:00Z');
    storage = await openStorage({ dataDir: 'memory://' });
    await migrate(storage.db);
  });
  afterEach(() => storage.close());

  /** A service with the initial admin created and signed in once. */
  const signedIn = async () => {
    const auth = service();
    await auth.ensureInitialAdmin('admin', PASSWORD);
    const { token } = await auth.login(
      { username: 'admin', password: PASSWORD },
      { ip: '127.0.0.1', userAgent: null },
    );
    return { auth, token };
  };

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
      audit: { record: async () => undefined },
    });

  it('generates a password for the first admin only, and only when none was given', async () => {
    const auth = service();
    const first = await auth.ensureInitialAdmin('admin', undefined);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await auth.ensureInitialAdmin('admin', 'another-password')).toEqual({ created: false });
    await auth.login(
      { username: 'admin', password: first.generatedPassword! },
      { ip: '127.0.0.1', userAgent: null },
    );
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const { auth, token } = await signedIn();

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

  it('keeps the idle timeout to the second', async () => {
    const { auth, token } = await signedIn();
    // Used ten seconds after signing in: idle time counts from then, not from the sign-in.
    advance(10_000);
    expect(await auth.authenticate(token)).not.toBeNull();
    const { token: other } = await auth.login(
      { username: 'admin', password: PASSWORD },
      {
        ip: '127.0.0.1',
        userAgent: null,
      },
    );
    advance(30 * MINUTE);
    expect(await auth.authenticate(token)).not.toBeNull();
    advance(30 * MINUTE + 1_000);
    expect(await auth.authenticate(token)).toBeNull();
    expect(await auth.authenticate(other)).toBeNull();
  });

  it('ends a session at its absolute limit however busy it is', async () => {
    const { auth, token } = await signedIn();
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect(await auth.authenticate(token)).not.toBeNull();
      advance(20 * MINUTE);
    }
    expect(await auth.authenticate(token)).toBeNull();
  });

  it('purges expired sessions and old failures', async () => {
    const { auth } = await signedIn();
    await expect(
      auth.login({ username: 'admin', password: 'wrong' }, { ip: '10.0.0.1', userAgent: null }),
    ).rejects.toThrow('Invalid username or password');
    advance(13 * 60 * MINUTE);
    await auth.purgeExpired();
    expect(await storage.db.selectFrom('admin_sessions').selectAll().execute()).toEqual([]);
    expect(await storage.db.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
  });

  it('ignores tokens that are absent, unknown or absurdly long', async () => {
    const auth = service();
    expect(await auth.authenticate(undefined)).toBeNull();
    expect(await auth.authenticate('not-a-session')).toBeNull();
    expect(await auth.authenticate('x'.repeat(10_000))).toBeNull();
  });
});
