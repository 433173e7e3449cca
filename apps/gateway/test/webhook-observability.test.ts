import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEBHOOK_DISABLE_AFTER_MS, type AlertsResponse } from '@ehr-gateway/contracts';

import { parseExposition } from './exposition-format.js';
import { adminRequest, signIn, testClock, useGateway } from './helpers.js';

const METRICS_TOKEN = 'scraper-token-webhooks-0123456789';
/** Past the alerts' per-instance refresh interval, so each look re-evaluates. */
const NEXT_LOOK_MS = 11_000;

/** A receiver on loopback answering 200 to everything. */
async function startReceiver() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook?token=receiver-secret-token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on: every attempt fails with a network error. */
async function deadUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/down?token=dead-secret-token`;
}

describe('webhook metrics and the disabled-endpoint alert', () => {
  const clock = testClock();
  const gw = useGateway(
    { name: 'pglite' },
    {
      now: clock.now,
      settings: {
        webhooks: { allowPrivate: true, secretsKey: randomBytes(32) },
        metricsToken: METRICS_TOKEN,
      },
    },
  );
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const ids: Record<'healthy' | 'dead', string> = { healthy: '', dead: '' };

  beforeAll(async () => {
    receiver = await startReceiver();
    const urls = { healthy: receiver.url, dead: await deadUrl() };
    for (const which of ['healthy', 'dead'] as const) {
      const response = await gw.app.inject({
        method: 'POST',
        url: '/webhooks/endpoints',
        headers: { 'x-api-key': gw.key },
        payload: { url: urls[which], events: ['appointment.booked'], description: which },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[which] = response.json().endpoint.id;
    }
  });
  afterAll(() => receiver.close());

  const sendTest = async (endpointId: string) => {
    const response = await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${endpointId}/test`,
      headers: { 'x-api-key': gw.key },
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  const scrape = async () => {
    const response = await gw.app.inject({
      method: 'GET',
      url: '/admin/metrics/prometheus',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, ...parseExposition(response.body) };
  };
  const value = (
    samples: ReturnType<typeof parseExposition>['samples'],
    name: string,
    labels: Record<string, string> = {},
  ) =>
    samples.find(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, v]) => sample.labels[key] === v),
    )?.value;
  const webhookAlerts = async () => {
    clock.advance(NEXT_LOOK_MS);
    // A fresh session: the clock moves past a session's lifetime.
    const cookie = await signIn(gw.app);
    const response = await adminRequest(gw.app, cookie, { method: 'GET', url: '/admin/alerts' });
    expect(response.statusCode).toBe(200);
    return response
      .json<AlertsResponse>()
      .alerts.filter((alert) => alert.kind === 'webhook_endpoint_disabled');
  };

  it('counts events by type, attempts by outcome, the lag and the backlog on /metrics', async () => {
    const before = await scrape();
    expect(before.types.get('ehr_gateway_webhook_events_total')).toBe('counter');
    expect(before.types.get('ehr_gateway_webhook_deliveries_total')).toBe('counter');
    expect(before.types.get('ehr_gateway_webhook_delivery_lag_seconds')).toBe('histogram');
    expect(before.types.get('ehr_gateway_webhook_outbox_backlog')).toBe('gauge');
    expect(
      value(before.samples, 'ehr_gateway_webhook_events_total', { type: 'appointment.booked' }),
    ).toBe(0);

    await sendTest(ids.healthy);
    await sendTest(ids.dead);
    expect(value((await scrape()).samples, 'ehr_gateway_webhook_outbox_backlog')).toBe(2);
    clock.advance(250);
    await gw.app.webhookDelivery.deliverDue();

    const after = await scrape();
    const events = { type: 'endpoint.test' };
    expect(value(after.samples, 'ehr_gateway_webhook_events_total', events)).toBe(2);
    const outcome = (name: string) =>
      value(after.samples, 'ehr_gateway_webhook_deliveries_total', { outcome: name });
    expect(outcome('delivered')).toBe(1);
    expect(outcome('network-error')).toBe(1);
    expect(outcome('http-error')).toBe(0);
    expect(value(after.samples, 'ehr_gateway_webhook_delivery_lag_seconds_count')).toBe(1);
    // The lag is measured on the gateway's clock: 250 ms after the event.
    expect(value(after.samples, 'ehr_gateway_webhook_delivery_lag_seconds_sum')).toBeCloseTo(0.25);
    expect(
      value(after.samples, 'ehr_gateway_webhook_delivery_lag_seconds_bucket', { le: '0.1' }),
    ).toBe(0);
    expect(
      value(after.samples, 'ehr_gateway_webhook_delivery_lag_seconds_bucket', { le: '0.5' }),
    ).toBe(1);
    // The failed one waits for its retry.
    expect(value(after.samples, 'ehr_gateway_webhook_outbox_backlog')).toBe(1);
    // Bounded labels only: no endpoint, URL or token.
    for (const id of Object.values(ids)) {
      expect(after.body).not.toContain(id);
    }
    expect(after.body).not.toMatch(/127\.0\.0\.1|secret-token/);
  });

  it('raises a critical bell alert once an endpoint is disabled, cleared on resume', async () => {
    expect(await webhookAlerts()).toEqual([]);
    clock.advance(WEBHOOK_DISABLE_AFTER_MS + 60_000);
    await gw.app.webhookDelivery.deliverDue();
    const endpoint = await gw.app.inject({
      method: 'GET',
      url: `/webhooks/endpoints/${ids.dead}`,
      headers: { 'x-api-key': gw.key },
    });
    expect(endpoint.json().endpoint.status).toBe('disabled');

    const raised = await webhookAlerts();
    expect(raised).toEqual([
      expect.objectContaining({
        severity: 'critical',
        title: 'Webhook endpoint disabled',
        message: expect.stringContaining(ids.dead),
        link: '/webhook-endpoints',
        clearedAt: null,
      }),
    ]);
    expect(JSON.stringify(raised)).not.toMatch(/127\.0\.0\.1|secret-token/);

    const resumed = await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${ids.dead}/resume`,
      headers: { 'x-api-key': gw.key },
    });
    expect(resumed.statusCode, resumed.body).toBeLessThan(300);
    const later = await webhookAlerts();
    expect(later).toHaveLength(1);
    expect(later[0]!.clearedAt).not.toBeNull();
  });
});
