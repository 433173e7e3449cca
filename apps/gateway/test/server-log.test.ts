import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { serverLoggerOptions } from '../src/config/logger.js';
import { adminRequest, createApiKey, useGateway } from './helpers.js';

interface LogEntry {
  level: number;
  msg: string;
  url?: string;
  statusCode?: number;
}

const INFO = 30;
const DEBUG = 20;

describe('the server log', () => {
  const lines: string[] = [];
  const gw = useGateway(
    { name: 'pglite' },
    {
      logger: serverLoggerOptions({
        level: 'debug',
        stream: { write: (line: string) => lines.push(line) },
      }),
      settings: { initialLogLevel: 'debug' },
    },
  );
  const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);
  const about = (fragment: string) => entries().filter((entry) => entry.url?.includes(fragment));

  it('writes one line per gateway request, at info, with PHI in the query masked', async () => {
    const { key } = await createApiKey(gw.app, gw.cookie, { name: 'log lines' });
    lines.length = 0;
    const answer = await gw.app.inject({
      method: 'GET',
      url: '/api/12345/patients?source=mock&lastName=Okafor&limit=1',
      headers: { 'x-api-key': key },
    });
    expect(answer.statusCode).toBe(200);

    const logged = about('/api/12345/patients');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: INFO, statusCode: 200 });
    expect(logged[0]!.msg).toMatch(/^GET \/api\/12345\/patients\?\S+ 200 [\d.]+ ms$/);
    expect(lines.join('\n')).not.toContain('Okafor');
  });

  it("logs the console's successful reads at debug and its failures and writes at info", async () => {
    lines.length = 0;
    const read = (url: string) => adminRequest(gw.app, gw.cookie, { method: 'GET', url });
    expect((await read('/admin/users')).statusCode).toBe(200);
    expect((await read('/admin/no-such-thing')).statusCode).toBe(404);
    expect(about('/admin/users')).toMatchObject([{ level: DEBUG, statusCode: 200 }]);
    expect(about('/admin/no-such-thing')).toMatchObject([{ level: INFO, statusCode: 404 }]);
    expect(entries().some((entry) => entry.msg === 'incoming request')).toBe(false);
  });

  it('reads as one short line per entry in the pretty format', async () => {
    const pretty: string[] = [];
    const server = Fastify({
      logger: serverLoggerOptions({
        level: 'info',
        format: 'pretty',
        stream: { write: (line: string) => pretty.push(line) },
      }),
    });
    server.log.info(
      { method: 'GET', url: '/healthz', statusCode: 200, responseTimeMs: 1.2 },
      'GET /healthz 200 1.2 ms',
    );
    const text = pretty.join('');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/healthz 200 1\.2 ms\n$/);
  });
});
