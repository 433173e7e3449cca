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
export function sendWebhook(
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
      agent: false,
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
      finish(
        error instanceof RefusedAddressError
          ? failed('refused-address', error.message)
          : failed('network-error', (error as NodeJS.ErrnoException).code ?? error.message),
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
