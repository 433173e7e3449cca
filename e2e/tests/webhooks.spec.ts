import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { DEFAULT_GATEWAY_CONFIG, HEADERS, type WebhookEventBody } from '@ehr-gateway/contracts';
import { expect, request, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';

import { presetsFor } from '@ehr-gateway/console/presets';
import { adminApi, createApiKey } from '../support/api';
import { baseUrl } from '../support/constants';
import { saveScreenshot, useTheme, waitForScreenReady } from '../support/ui';

/** What reached the receiver: the headers and the raw body, as a receiver must verify them. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (the suite's gateway runs with WEBHOOKS_ALLOW_PRIVATE=true). */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ehr-events`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The events the receiver got, each verified with the Standard Webhooks verifier. */
function verifiedEvents(received: Received[], secret: string): WebhookEventBody[] {
  const verifier = new Webhook(secret);
  return received.map(
    ({ headers, body }) =>
      verifier.verify(body, {
        [HEADERS.webhookId]: String(headers[HEADERS.webhookId]),
        [HEADERS.webhookTimestamp]: String(headers[HEADERS.webhookTimestamp]),
        [HEADERS.webhookSignature]: String(headers[HEADERS.webhookSignature]),
      }) as WebhookEventBody,
  );
}

async function createEndpointThroughDialog(page: Page, url: string): Promise<string> {
  await page.getByRole('button', { name: 'New Endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(url);
  await dialog.getByLabel(/patient\.registered/).check();
  await dialog.getByRole('button', { name: 'Create Endpoint' }).click();
  const created = page.getByRole('dialog', { name: 'Webhook Endpoint Created' });
  const secretField = created.getByLabel('Signing secret', { exact: true });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await created.getByRole('button', { name: 'I have saved it' }).click();
  return secret;
}

async function openDeliveries(page: Page, url: string) {
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: url });
  await row.getByRole('button', { name: `Deliveries to ${url}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Deliveries' });
  await expect(dialog.getByRole('list', { name: 'Deliveries' })).toBeVisible();
  return dialog;
}

test('an admin adds an endpoint, sends a test event and a booking, and sees both delivered, signed', async ({
  page,
}, testInfo) => {
  const receiver = await startReceiver();
  try {
    await page.goto('/webhook-endpoints');
    await waitForScreenReady(page, 'Webhooks');
    const secret = await createEndpointThroughDialog(page, receiver.url);
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: receiver.url });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);

    // A booking through the REST API, as the tester's preset sends it, against the Mock EHR.
    const base = baseUrl();
    const key = (await createApiKey(await adminApi(base), 'webhooks e2e')).key;
    const api = await request.newContext({ baseURL: base });
    const booking = presetsFor('Custom Aggregation', {
      apiRoot: '/api',
      practiceId: DEFAULT_GATEWAY_CONFIG.practiceId,
      source: 'mock',
    }).find((preset) => preset.id === 'agg-patient-appointment')!;
    const booked = await api.post(booking.path, {
      params: booking.params,
      headers: { [HEADERS.apiKey]: key, ...booking.prepare?.().headers },
      data: booking.body,
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await api.dispose();

    await expect
      .poll(
        () =>
          verifiedEvents(receiver.received, secret)
            .map((event) => event.type)
            .sort(),
        {
          timeout: 30_000,
        },
      )
      // The sample patient may exist already (then the booking registers nobody).
      .toEqual(expect.arrayContaining(['appointment.booked', 'endpoint.test']));
    // id-only: nothing that names the patient.
    const bodies = receiver.received.map(({ body }) => body).join('\n');
    const patient = (booking.body as { patient: { firstname: string; dob: string } }).patient;
    expect(bodies).not.toContain(patient.firstname);
    expect(bodies).not.toContain(patient.dob);

    const deliveries = await openDeliveries(page, receiver.url);
    for (const type of ['endpoint.test', 'appointment.booked']) {
      const item = deliveries.getByRole('listitem').filter({ hasText: type });
      await expect(item.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 15_000 });
    }
    await saveScreenshot(page, 'webhooks-deliveries-light', testInfo);
    await useTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitForScreenReady(page, 'Webhooks');
    await saveScreenshot(page, 'webhooks-390-dark', testInfo);
    await openDeliveries(page, receiver.url);
    await saveScreenshot(page, 'webhooks-deliveries-390-dark', testInfo);
  } finally {
    await receiver.stop();
  }
});
