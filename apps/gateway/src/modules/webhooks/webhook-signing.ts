import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { Webhook } from 'standardwebhooks';

import { HEADERS, WEBHOOK_SECRET_PREFIX } from '@ehr-gateway/contracts';

import type { WebhookSettings } from '../../config/settings.js';
import { createPayloadSealer, type PayloadSealer } from '../../lib/payload-seal.js';

/** A Standard Webhooks secret: the prefix and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The key that seals endpoint secrets at rest: WEBHOOKS_SECRETS_KEY, else one derived from
 * PAYLOAD_ENCRYPTION_KEY, else one generated once into DATA_DIR (readable by the gateway only).
 * Several instances must share it: set WEBHOOKS_SECRETS_KEY (or PAYLOAD_ENCRYPTION_KEY) then.
 */
export function resolveSecretsKey(
  settings: WebhookSettings | undefined,
  payloadKey: Buffer | null,
): Buffer {
  if (settings?.secretsKey) {
    return settings.secretsKey;
  }
  if (payloadKey) {
    return Buffer.from(hkdfSync('sha256', payloadKey, 'ehr-gateway', 'webhook secrets', 32));
  }
  if (!settings?.keyFile) {
    // Tests and tools without a data directory: secrets last as long as this process.
    return randomBytes(32);
  }
  try {
    const stored = Buffer.from(readFileSync(settings.keyFile, 'utf8').trim(), 'base64');
    if (stored.length === 32) {
      return stored;
    }
  } catch {
    // No key yet: generated below.
  }
  const key = randomBytes(32);
  mkdirSync(path.dirname(settings.keyFile), { recursive: true });
  writeFileSync(settings.keyFile, key.toString('base64'), { mode: 0o600 });
  chmodSync(settings.keyFile, 0o600);
  return key;
}

export type SecretSealer = PayloadSealer;
export const createSecretSealer = (key: Buffer): SecretSealer => createPayloadSealer(key);

/**
 * The Standard Webhooks headers for one attempt. During a rotation's grace period both secrets
 * sign, space-separated, so a receiver holding either one verifies the delivery.
 */
export function signedHeaders(
  eventId: string,
  body: string,
  secrets: readonly string[],
  at: Date,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    [HEADERS.webhookId]: eventId,
    [HEADERS.webhookTimestamp]: String(Math.floor(at.getTime() / 1000)),
    [HEADERS.webhookSignature]: signatures.join(' '),
  };
}
