import { describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  adminRequest,
  databaseTargets,
  signIn,
  testClock,
  useGateway,
} from './helpers.js';

const WRONG = 'not-the-password';

describe.each(databaseTargets)('sign-in lockout on $name', (target) => {
  const clock = testClock();
  const gw = useGateway(target, {
    now: clock.now,
    trustProxy: ['127.0.0.1'],
    // 100 parallel sign-ins queue about 300 statements on the pool's 4 connections; on a loaded
    // machine the last wait longer than the default 3 s for one, and a request that gives up
    // waiting is a 503 (DATABASE_UNAVAILABLE), not the lockout this file is about.
    storage: { connectTimeoutMs: 60_000 },
  });

  const attempt = (password: string, remoteAddress = '203.0.113.7', forwardedFor?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'admin', password },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('locks the username after five failures, from any address, until the window ends', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(WRONG)).statusCode).toBe(401);
    }
    const locked = await attempt(ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 15 minutes\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBe(900);
    // The username is locked whatever address the guesses come from.
    expect((await attempt(ADMIN_PASSWORD, '198.51.100.9')).statusCode).toBe(429);

    clock.advance(15 * 60_000);
    expect((await attempt(ADMIN_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });

  // All wrong: a right password among them would, once checked, reset the username's count and let
  // later claims through, so how many are checked would depend on the order the database took the
  // claims in (PostgreSQL's pool runs them in any order; PGlite one at a time, in request order).
  it(
    'evaluates exactly five of 100 parallel guesses, then refuses the right password too',
    { timeout: 120_000 },
    async () => {
      clock.advance(15 * 60_000);
      const answers = await Promise.all(Array.from({ length: 100 }, () => attempt(WRONG)));
      const statuses = answers.map((answer) => answer.statusCode);
      const others = answers.filter((answer) => ![401, 429].includes(answer.statusCode));
      expect(others.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(95);
      expect((await attempt(ADMIN_PASSWORD)).statusCode).toBe(429);
    },
  );

  it('is not dodged by a new X-Forwarded-For on each guess behind a trusted proxy', async () => {
    clock.advance(15 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await attempt(WRONG, '127.0.0.1', `192.0.2.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
  });

  it('counts wrong current passwords on a password change toward the same lockout', async () => {
    clock.advance(15 * 60_000);
    const cookie = await signIn(gw.app);
    const change = (currentPassword: string) =>
      adminRequest(gw.app, cookie, {
        method: 'POST',
        url: '/admin/session/password',
        payload: { currentPassword, newPassword: 'a-new-and-long-passphrase' },
      });
    for (let i = 0; i < 5; i += 1) {
      const refused = await change(WRONG);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('currentPassword');
    }
    // Past the limit even the right password is not checked, here or at sign-in.
    const locked = await change(ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await attempt(ADMIN_PASSWORD)).statusCode).toBe(429);

    clock.advance(15 * 60_000);
    // A right current password clears the count, as a sign-in does.
    expect((await change(WRONG)).statusCode).toBe(400);
    const changed = await adminRequest(gw.app, cookie, {
      method: 'POST',
      url: '/admin/session/password',
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD + '-renewed' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(WRONG)).statusCode).toBe(401);
    }
  });
});
