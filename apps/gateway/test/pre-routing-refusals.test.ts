import net from 'node:net';

import { beforeAll, describe, expect, it } from 'vitest';

import { databaseTargets, useGateway } from './helpers.js';

const BODY_LIMIT = 1024;

/** Sends raw bytes (what inject cannot: it skips Node's HTTP parser) and reads the whole answer. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.end(bytes);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe.each(databaseTargets)('requests refused before routing on $name', (target) => {
  const gw = useGateway(target, {
    bodyLimit: BODY_LIMIT,
    requestTimeoutMs: 600,
    timeoutCheckIntervalMs: 100,
  });
  let port = 0;

  beforeAll(async () => {
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const address = gw.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** The request-log rows with this status, oldest first. */
  const rowsWithStatus = async (status: number) => {
    await gw.app.requestLogWriter.flush();
    return gw.storage.db
      .selectFrom('request_logs')
      .select(['method', 'endpoint', 'status', 'source', 'request_data', 'error_message'])
      .where('status', '=', status)
      .orderBy('timestamp')
      .execute();
  };

  it('logs a malformed URL (400) with its method, source and path', async () => {
    const response = await gw.app.inject({
      method: 'GET',
      url: '/api/12345/patients/%ED%A0%80',
      headers: { 'x-api-key': gw.key },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'MALFORMED_URL' });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
    const rows = await rowsWithStatus(400);
    expect(rows).toEqual([
      expect.objectContaining({
        method: 'GET',
        endpoint: '/api/12345/patients/%ED%A0%80',
        source: 'athena',
        error_message: 'The URL is not valid percent-encoded UTF-8',
      }),
    ]);
    // The API key header is kept redacted, as on every row.
    expect(JSON.stringify(rows[0]!.request_data)).not.toContain(gw.key);
  });

  it('logs an over-long path segment (414) from the router', async () => {
    const response = await gw.app.inject({
      method: 'GET',
      url: `/api/12345/patients/${'x'.repeat(600)}`,
      headers: { 'x-api-key': gw.key },
    });
    expect(response.statusCode).toBe(414);
    expect(await rowsWithStatus(414)).toEqual([
      expect.objectContaining({
        method: 'GET',
        source: 'athena',
        error_message: expect.any(String),
      }),
    ]);
  });

  it('logs a body too large (413) without the body', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/utility/test',
      headers: { 'x-api-key': gw.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'm'.repeat(BODY_LIMIT * 2) }),
    });
    expect(response.statusCode).toBe(413);
    const rows = await rowsWithStatus(413);
    expect(rows).toEqual([
      expect.objectContaining({ method: 'POST', endpoint: '/utility/test', source: 'utility' }),
    ]);
    expect(JSON.stringify(rows[0]!.request_data)).not.toContain('mmmm');
  });

  it('logs headers too large for Node (431), read from the request line', async () => {
    const answer = await sendRaw(
      port,
      `GET /utility/datetime?x=1 HTTP/1.1\r\nHost: a\r\nx-big: ${'h'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(431);
    expect(bodyOf(answer)).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
    expect(await rowsWithStatus(431)).toEqual([
      expect.objectContaining({ method: 'GET', endpoint: '/utility/datetime', source: 'utility' }),
    ]);
  });

  it('logs a URL too long for Node (414), not as a header problem', async () => {
    const answer = await sendRaw(
      port,
      `POST /llm/${'u'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(414);
    expect(bodyOf(answer)).toMatchObject({ code: 'URI_TOO_LONG' });
    const rows = await rowsWithStatus(414);
    expect(rows.at(-1)).toMatchObject({ method: 'POST', source: 'llm-tools' });
    expect(rows.at(-1)!.endpoint.length).toBeLessThanOrEqual(2000);
  });

  it('logs bytes that are not HTTP (400) with what little is known', async () => {
    const before = (await rowsWithStatus(400)).length;
    const answer = await sendRaw(port, '\x16\x03\x01 not http at all\r\n\r\n');
    expect(statusOf(answer)).toBe(400);
    const rows = await rowsWithStatus(400);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ method: 'UNKNOWN', endpoint: '/', source: 'gateway' });
  });

  it('logs a request cut off for slowness (408) once, under its own request line', async () => {
    const before = await gw.storage.db
      .selectFrom('request_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.write(
        `POST /utility/test HTTP/1.1\r\nHost: a\r\nx-api-key: ${gw.key}\r\n` +
          'content-type: application/json\r\ncontent-length: 100\r\n\r\n{',
      );
    });
    expect(statusOf(answer)).toBe(408);
    // The request Fastify had begun dies with its socket: it adds no second row.
    await gw.app.requestLogWriter.flush();
    const after = await gw.storage.db
      .selectFrom('request_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count) + 1);
    expect(await rowsWithStatus(408)).toEqual([
      expect.objectContaining({ method: 'POST', endpoint: '/utility/test', source: 'utility' }),
    ]);
  });

  it('keeps refusals off other paths out of the request log', async () => {
    const answer = await sendRaw(
      port,
      `GET /admin/session HTTP/1.1\r\nHost: a\r\nx-big: ${'h'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(431);
    expect(await rowsWithStatus(431)).toHaveLength(1);
  });
});
