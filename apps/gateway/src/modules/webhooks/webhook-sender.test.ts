import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendWebhook } from './webhook-sender.js';

describe('sending a webhook', () => {
  let server: http.Server;
  let url = '';
  const connections: number[] = [];
  let requests = 0;
  let dropNext = false;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests += 1;
      if (dropNext) {
        dropNext = false;
        request.socket.destroy();
        return;
      }
      request.resume().on('end', () => response.writeHead(200).end('ok'));
    });
    server.on('connection', () => connections.push(Date.now()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the connection to an endpoint open for the next delivery', async () => {
    const send = () => sendWebhook(url, { 'webhook-id': 'msg_1' }, '{}', { allowPrivate: true });
    expect((await send()).outcome).toBe('delivered');
    expect((await send()).outcome).toBe('delivered');
    expect(connections).toHaveLength(1);
  });

  it('sends again at once when the endpoint drops a kept connection as it is reused', async () => {
    const send = () => sendWebhook(url, { 'webhook-id': 'msg_2' }, '{}', { allowPrivate: true });
    expect((await send()).outcome).toBe('delivered');
    const before = requests;
    dropNext = true;
    expect((await send()).outcome).toBe('delivered');
    expect(requests - before).toBe(2);
  });

  it('still refuses a private address before connecting unless allowed', async () => {
    const result = await sendWebhook(url, {}, '{}', { allowPrivate: false });
    expect(result.outcome).toBe('refused-address');
  });
});
