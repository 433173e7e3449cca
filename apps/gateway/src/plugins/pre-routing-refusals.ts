import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';

import { HEADERS, type LogSource } from '@ehr-gateway/contracts';

import { preciseIsoTime } from '../lib/precise-time.js';
import { redactUrl } from '../lib/redaction.js';
import type { RequestLogsModule } from '../modules/request-logs/index.js';

/**
 * A request refused before any route or hook saw it (by Node's HTTP parser or Fastify's router):
 * what is known of it, for the request log. Never a body.
 */
export interface Refusal {
  requestId: string;
  /** The method the request line named, or null when the line could not be read. */
  method: string | null;
  /** The URL the request line named, or null when the line could not be read. */
  url: string | null;
  status: number;
  /** The answer's JSON text, as sent. */
  answer: string;
  headers: Record<string, string | string[] | undefined>;
  /** When the refusal began, from performance.now(). */
  startedAt: number;
}

export type RecordRefusal = (refusal: Refusal) => void;

interface RefusalAnswer {
  status: number;
  code: string;
  message: string;
}

const answerText = ({ status, code, message }: RefusalAnswer) =>
  JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message, code });

const recorderOf = (server: FastifyInstance): RecordRefusal | undefined =>
  server.hasDecorator('recordRefusal') ? server.recordRefusal : undefined;

/** The router's refusals, which Fastify answers without running any hook. */
function frameworkAnswer(error: FastifyError): RefusalAnswer {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        code: 'MALFORMED_URL',
        message: 'The URL is not valid percent-encoded UTF-8',
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 414,
        code: 'URI_TOO_LONG',
        message: 'A path segment is longer than the gateway accepts',
      };
    default:
      return { status: 400, code: 'BAD_REQUEST', message: 'The request could not be routed' };
  }
}

/**
 * Fastify's `frameworkErrors`: the refusals its router makes before routing (a malformed URL, an
 * over-long path segment) are answered in the gateway's error shape and recorded in the request
 * log, which no hook would otherwise see.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const startedAt = performance.now();
  const answer = frameworkAnswer(error);
  const text = answerText(answer);
  recorderOf(request.server)?.({
    requestId: request.id,
    method: request.raw.method ?? null,
    // The URL the client sent: the router saw the apiRoot-rewritten one.
    url: request.originalUrl,
    status: answer.status,
    answer: text,
    headers: request.headers,
    startedAt,
  });
  void reply
    .code(answer.status)
    .header(HEADERS.requestId, request.id)
    .header('content-type', 'application/json; charset=utf-8')
    .send(text);
}

/** Requests Fastify had begun when Node refused them (a 408 mid-body): their row is the refusal's. */
const refusedInFlight = new WeakSet<IncomingMessage>();

/** Whether Node answered this request itself; its Fastify hooks must not record it again. */
export const wasRefusedInFlight = (raw: IncomingMessage) => refusedInFlight.has(raw);

const REQUEST_LINE = /^([A-Z]{1,20}) (\S+)(?: HTTP\/\d\.\d)?(\r?\n)?/;

/** The request line at the start of what the parser was reading, when it is there to read. */
function requestLineOf(rawPacket: unknown) {
  // Node sets a Buffer of what its parser was reading (Fastify's type for it is wrong).
  const head = Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 16_384).toString('latin1') : '';
  const match = REQUEST_LINE.exec(head);
  return match
    ? { method: match[1]!, url: match[2]!, complete: match[3] !== undefined }
    : { method: null, url: null, complete: false };
}

function clientErrorAnswer(error: ConnectionError, requestLineComplete: boolean): RefusalAnswer {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'REQUEST_TIMEOUT',
        message: 'The request was not received in time',
      };
    case 'HPE_HEADER_OVERFLOW':
      // Node counts the request line into the header limit; a URL that alone overflows it is
      // a URL too long, not a header.
      return requestLineComplete
        ? {
            status: 431,
            code: 'HEADERS_TOO_LARGE',
            message: 'The request headers are larger than the gateway accepts',
          }
        : {
            status: 414,
            code: 'URI_TOO_LONG',
            message: 'The URL is longer than the gateway accepts',
          };
    default:
      return { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP' };
  }
}

/**
 * Fastify's `clientErrorHandler` (called with the server as `this`): Node's HTTP parser refuses
 * these before Fastify makes a request of them (headers too large, a URL too long, a request
 * too slow, bytes that are not HTTP). Each answered one is recorded with what the request line
 * told, then answered in the gateway's error shape; a socket already gone is not answered.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  // Node's own rule: never write into an answer that has begun.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const startedAt = performance.now();
    // A request that timed out mid-body was parsed: its request line is known.
    const line = inFlight
      ? { method: inFlight.req.method ?? null, url: inFlight.req.url ?? null, complete: true }
      : requestLineOf(error.rawPacket);
    const answer = clientErrorAnswer(error, line.complete);
    const text = answerText(answer);
    const requestId = randomUUID();
    if (inFlight) {
      refusedInFlight.add(inFlight.req);
    }
    recorderOf(this)?.({
      requestId,
      method: line.method,
      url: line.url,
      status: answer.status,
      answer: text,
      headers: inFlight?.req.headers ?? {},
      startedAt,
    });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json\r\n` +
        `${HEADERS.requestId}: ${requestId}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

const MAX_LOGGED_URL_LENGTH = 2000;

interface RefusalLogOptions {
  requestLogs: Pick<RequestLogsModule, 'record'>;
  /** The source a gateway path asks for; undefined off the gateway's paths. */
  requestedSourceOf: (path: string) => LogSource | undefined;
}

/**
 * Gives the two handlers above their recorder: a refusal on a gateway path (or on a path that
 * could not be read, which may have been one) gets a request-log row like any answered request,
 * and every refusal a server-log line.
 */
export function registerRefusalLog(app: FastifyInstance, options: RefusalLogOptions) {
  app.decorate('recordRefusal', (refusal: Refusal) => {
    const path = refusal.url?.split('?', 1)[0];
    const source = path === undefined ? 'gateway' : options.requestedSourceOf(path);
    const url = refusal.url === null ? '/' : redactUrl(refusal.url).slice(0, MAX_LOGGED_URL_LENGTH);
    app.log.info(
      { method: refusal.method, url, statusCode: refusal.status },
      `${refusal.method ?? '?'} ${url} ${refusal.status} refused before routing`,
    );
    if (source === undefined) {
      return;
    }
    options.requestLogs.record({
      requestId: refusal.requestId,
      timestamp: preciseIsoTime(performance.timeOrigin + refusal.startedAt),
      method: refusal.method ?? 'UNKNOWN',
      url: refusal.url ?? '/',
      status: refusal.status,
      responseTimeMs: performance.now() - refusal.startedAt,
      route: null,
      upstreamMs: null,
      traceId: null,
      source,
      apiKey: null,
      query: {},
      body: undefined,
      headers: refusal.headers,
      responsePayload: refusal.answer,
      responseContentType: 'application/json',
      failure: undefined,
    });
  });
}
