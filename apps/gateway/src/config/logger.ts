import { Writable } from 'node:stream';

import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';

import { CREDENTIAL_HEADERS } from '@ehr-gateway/contracts';

import { REDACTED, redactUrl } from '../lib/redaction.js';

/**
 * The server log's options: credential headers censored, credential-looking query parameters
 * redacted from logged URLs, and no request or response bodies (Fastify never logs them).
 */
export function serverLoggerOptions({
  level,
  format = 'json',
  stream,
}: {
  level: string;
  /** `pretty`: one readable line per entry for a person at a terminal; `json` for log shippers. */
  format?: LogFormat;
  stream?: { write: (line: string) => void };
}): FastifyServerOptions['logger'] {
  const destination = format === 'pretty' ? prettyStream(stream) : stream;
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        ...CREDENTIAL_HEADERS.map((name) => `req.headers["${name}"]`),
        ...CREDENTIAL_HEADERS.map((name) => `res.headers["${name}"]`),
      ],
      censor: REDACTED,
    },
  };
}

export type LogFormat = 'json' | 'pretty';

/** JSON when stdout is a pipe or a file (a log collector reads it), readable text on a terminal. */
export const defaultLogFormat = (stdoutIsTerminal: boolean): LogFormat =>
  stdoutIsTerminal ? 'pretty' : 'json';

/** Fields the access log line already says in its message. */
const SAID_IN_MESSAGE = ['method', 'url', 'statusCode', 'responseTimeMs'];

function prettyStream(destination?: { write: (line: string) => void }) {
  return pinoPretty({
    sync: true,
    colorize: !destination && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', 'reqId', ...SAID_IN_MESSAGE].join(','),
    singleLine: true,
    ...(destination
      ? {
          destination: new Writable({
            write(chunk: Buffer, _encoding, done) {
              destination.write(chunk.toString());
              done();
            },
          }),
        }
      : {}),
  });
}
