import type { GatewayConfig, UpdateGatewayConfigBody } from '@ehr-gateway/contracts';
import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import { validationError } from '../../lib/http-errors.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { GatewayConfigRepository } from './gateway-config-repository.js';

/** How often an instance re-reads the config, so a change made on another instance applies here. */
export const CONFIG_REFRESH_MS = 1000;

type Listener = (config: GatewayConfig, previous: GatewayConfig) => void;

interface Deps {
  repository: GatewayConfigRepository;
  audit: Pick<AuditModule, 'record'>;
  /** Whether a payload encryption key is set, without which full capture is refused. */
  canEncryptPayloads: boolean;
  /** The config in force until an administrator saves one. */
  defaults?: GatewayConfig;
  now?: () => Date;
}

const sameConfig = (a: GatewayConfig, b: GatewayConfig) =>
  (Object.keys(a) as Array<keyof GatewayConfig>).every((key) => a[key] === b[key]);

export function createGatewayConfigService({
  repository,
  audit,
  canEncryptPayloads,
  defaults = DEFAULT_GATEWAY_CONFIG,
  now = () => new Date(),
}: Deps) {
  let current: GatewayConfig = { ...defaults };
  const listeners: Listener[] = [];

  function apply(next: GatewayConfig) {
    const previous = current;
    current = next;
    if (!sameConfig(previous, next)) {
      for (const listener of listeners) {
        listener(next, previous);
      }
    }
  }

  return {
    /** The config in force on this instance; read on the request path, so it never awaits. */
    current(): GatewayConfig {
      return current;
    },

    onChange(listener: Listener): void {
      listeners.push(listener);
    },

    /** Reloads from the database; called at start-up and on a timer. */
    async refresh(): Promise<GatewayConfig> {
      apply((await repository.get()) ?? { ...defaults });
      return current;
    },

    /** Replaces the settings; payload fields left out keep their value. Audited, before and after. */
    async update(input: UpdateGatewayConfigBody, context: AuditContext): Promise<GatewayConfig> {
      const next: GatewayConfig = {
        ...input,
        payloadCapture: input.payloadCapture ?? current.payloadCapture,
        payloadRetentionDays: input.payloadRetentionDays ?? current.payloadRetentionDays,
      };
      if (next.payloadCapture === 'full' && !canEncryptPayloads) {
        throw validationError(
          'payloadCapture',
          'full capture stores bodies encrypted: set PAYLOAD_ENCRYPTION_KEY on the server first',
        );
      }
      const before = await repository.save(
        next,
        { ...defaults },
        context.actor.name ?? 'unknown',
        now(),
      );
      apply(next);
      await audit.record(context, { action: 'config-changed', details: { before, after: next } });
      if (before.payloadCapture !== next.payloadCapture) {
        await audit.record(context, {
          action: 'payload-capture-changed',
          details: { before: before.payloadCapture, after: next.payloadCapture },
        });
      }
      return current;
    },

    history(limit = 20) {
      return repository.history(limit);
    },
  };
}

export type GatewayConfigService = ReturnType<typeof createGatewayConfigService>;
