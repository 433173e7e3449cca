import type { GatewayConfig, UpdateGatewayConfigBody } from '@ehr-gateway/contracts';
import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import type { GatewayConfigRepository } from './gateway-config-repository.js';

/** How often an instance re-reads the config, so a change made on another instance applies here. */
export const CONFIG_REFRESH_MS = 1000;

type Listener = (config: GatewayConfig, previous: GatewayConfig) => void;

interface Deps {
  repository: GatewayConfigRepository;
  /** The config in force until an administrator saves one. */
  defaults?: GatewayConfig;
  now?: () => Date;
}

const sameConfig = (a: GatewayConfig, b: GatewayConfig) =>
  a.apiRoot === b.apiRoot &&
  a.practiceId === b.practiceId &&
  a.logLevel === b.logLevel &&
  a.caching === b.caching;

export function createGatewayConfigService({
  repository,
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

    async update(input: UpdateGatewayConfigBody, changedBy: string): Promise<GatewayConfig> {
      const next: GatewayConfig = { ...input };
      await repository.save(next, { ...defaults }, changedBy, now());
      apply(next);
      return current;
    },

    history(limit = 20) {
      return repository.history(limit);
    },
  };
}

export type GatewayConfigService = ReturnType<typeof createGatewayConfigService>;
