import net from 'node:net';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  useGateway,
  type TestStorage,
} from './helpers.js';

describe.each(databaseTargets)('deep and empty JSON bodies on $name', (target) => {
  const gw = useGateway(target);

  it('refuses a body nested 5,000 levels deep with 400 and still logs the request', async () => {
    const deep = `{"message":"x","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await gw.app.inject({
      method: 'POST',
      url: '/utility/test',
      headers: {
        'x-api-key': gw.key,
        'content-type': 'application/json',
        'x-request-id': 'deep-1',
      },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body', message: 'nested deeper than 64 levels' }],
    });
    await gw.app.requestLogWriter.flush();
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?limit=50',
    });
    const entry = (logs.json().logs as Array<{ status: number; endpoint: string }>).find(
      (log) => log.endpoint === '/utility/test' && log.status === 400,
    );
    expect(entry).toBeDefined();
  });

  it('reads an empty JSON body on a route without a body as no body, as axios sends it', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await gw.app.inject({
        method,
        url: method === 'GET' ? '/utility/datetime' : '/voice-config/locations/999999',
        headers: { 'x-api-key': gw.key, 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(method === 'GET' ? 200 : 404);
    }
  });

  it('still names the missing body where a route needs one', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/voice-config/tenants',
      headers: { 'x-api-key': gw.key, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body');
  });
});

describe('a client sending its body a byte at a time', () => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let port: number;
  let key: string;

  beforeAll(async () => {
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, { requestTimeoutMs: 600, timeoutCheckIntervalMs: 100 });
    ({ key } = await createApiKey(app, await signIn(app)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  it('is answered 408 and disconnected once the request timeout passes', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST /utility/test HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${key}\r\n` +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{',
    );
    const drip = setInterval(() => {
      if (!socket.destroyed) {
        socket.write(' ');
      }
    }, 150);
    try {
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});
