import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALERT_BREAK_GLASS_HOURS, type AlertsResponse } from '@ehr-gateway/contracts';

import {
  adminRequest,
  buildGateway,
  openTestStorage,
  signIn,
  testClock,
  type TestStorage,
} from './helpers.js';
import { ssoSettingsFor } from './sso-helpers.js';

/** Past the alerts' per-instance refresh interval, so each look re-evaluates. */
const NEXT_LOOK_MS = 11_000;
const HOUR = 3_600_000;

describe('break-glass sign-in with AUTH_MODE=sso', () => {
  const clock = testClock();
  let storage: TestStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      now: clock.now,
      settings: {
        // Discovery waits for the first single sign-on, so the provider need not be there.
        signIn: ssoSettingsFor('http://127.0.0.1:1', {
          AUTH_MODE: 'sso',
          BREAK_GLASS_USERNAME: 'admin',
        }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  const bell = async (cookie: string) => {
    clock.advance(NEXT_LOOK_MS);
    const response = await adminRequest(app, cookie, { method: 'GET', url: '/admin/alerts' });
    expect(response.statusCode).toBe(200);
    return response
      .json<AlertsResponse>()
      .alerts.filter((alert) => alert.kind === 'break_glass_sign_in');
  };

  it('raises a critical bell alert for every use, besides the audit entry, for a day', async () => {
    const first = await signIn(app);
    const raised = await bell(first);
    expect(raised).toEqual([
      expect.objectContaining({
        severity: 'critical',
        title: 'Break-glass sign-in: admin',
        message: expect.stringContaining('AUTH_MODE=sso'),
        link: '/audit',
        clearedAt: null,
        read: false,
      }),
    ]);

    clock.advance(HOUR);
    const second = await signIn(app);
    const both = await bell(second);
    expect(both.filter((alert) => alert.clearedAt === null)).toHaveLength(2);

    clock.advance((ALERT_BREAK_GLASS_HOURS + 1) * HOUR);
    const later = await signIn(app);
    const afterADay = await bell(later);
    expect(afterADay.filter((alert) => alert.clearedAt === null)).toHaveLength(1);
    expect(afterADay.filter((alert) => alert.clearedAt !== null).map((a) => a.id)).toEqual(
      expect.arrayContaining(both.map((alert) => alert.id)),
    );
  });
});
