import http from 'node:http';
import https from 'node:https';

import {
  WEBHOOK_ANSWER_TIMEOUT_MS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  type WebhookAttemptOutcome,
} from '@ehr-gateway/contracts';

import { maskJson, maskText } from '../../lib/phi-masking.js';
import { checkDestination, guardedLookup, RefusedAddressError } from './address-guard.js';

export interface SendResult {
  outcome: WebhookAttemptOutcome;
  status: number | null;
  durationMs: number;
  /** The answer's first kilobyte, PHI masked. */
  excerpt: string | null;
  error: string | null;
}

/** A JSON answer masked field by field (names, birth dates), anything else by pattern. */
function maskExcerpt(text: string): string {
  try {
    return JSON.stringify(maskJson(JSON.parse(text)));
  } catch {
    return maskText(text);
  }
}

/**
 * Connections kept open between deliveries to the same endpoint: no TCP (and, to a real endpoint,
 * TLS) handshake per delivery. Each was checked by the address guard when it connected,
 * so connections made while private addresses are allowed are kept apart from the others.
 */
const keptOpen = () => ({
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
});
const AGENTS = { guarded: keptOpen(), privateAllowed: keptOpen() };

const STALE_CONNECTION = 'kept connection closed by the endpoint';

export interface SendOptions {
  allowPrivate: boolean;
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
}

/**
 * POSTs one signed delivery. The destination is checked before connecting and every address its
 * host resolves to is checked as the socket connects; redirects are answers like any other (a 3xx
 * is not a 2xx, so it is a failure and never followed). Never throws: every end is a result.
 */
export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const result = await sendOnce(target, headers, body, options);
  // A kept connection the endpoint dropped as it was reused (most often it closed the idle
  // connection as the request went out): sent once more at once, Node's documented pattern for a
  // reused socket, rather than failed and retried seconds later. Should the first copy have
  // arrived after all, the second carries the same webhook-id (at-least-once).
  return result.error === STALE_CONNECTION ? sendOnce(target, headers, body, options) : result;
}

function sendOnce(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (outcome: WebhookAttemptOutcome, error: string): SendResult => ({
    outcome,
    status: null,
    durationMs: elapsed(),
    excerpt: null,
    error,
  });
  let url: URL;
  try {
    url = new URL(target);
    checkDestination(url, options.allowPrivate);
  } catch (error) {
    return Promise.resolve(
      failed(
        error instanceof RefusedAddressError ? 'refused-address' : 'network-error',
        (error as Error).message,
      ),
    );
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(answerTimer);
        resolve(result);
      }
    };
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'ehr-gateway-webhooks/1',
      },
      lookup: guardedLookup(options.allowPrivate),
      agent:
        AGENTS[options.allowPrivate ? 'privateAllowed' : 'guarded'][
          url.protocol === 'https:' ? 'https:' : 'http:'
        ],
    });
    const answerTimer = setTimeout(() => {
      request.destroy();
      finish(failed('timeout', 'no complete answer in time'));
    }, options.answerTimeoutMs ?? WEBHOOK_ANSWER_TIMEOUT_MS);
    request.setTimeout(options.connectTimeoutMs ?? WEBHOOK_CONNECT_TIMEOUT_MS, () => {
      request.destroy();
      finish(failed('timeout', 'connection timed out'));
    });
    request.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      finish(
        error instanceof RefusedAddressError
          ? failed('refused-address', error.message)
          : request.reusedSocket && code === 'ECONNRESET'
            ? failed('network-error', STALE_CONNECTION)
            : failed('network-error', code ?? error.message),
      );
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on('error', () => finish(failed('network-error', 'answer cut off')));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const text = Buffer.concat(chunks)
          .subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES)
          .toString('utf8');
        finish({
          outcome: status >= 200 && status < 300 ? 'delivered' : 'http-error',
          status,
          durationMs: elapsed(),
          excerpt: text.length > 0 ? maskExcerpt(text) : null,
          error: null,
        });
      });
    });
    request.end(body);
  });
}
