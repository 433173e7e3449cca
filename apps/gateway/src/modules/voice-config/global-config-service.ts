import type { z } from 'zod';

import type { GlobalConfigEntry, SetGlobalConfigBody } from '@ehr-gateway/contracts';

import { notFound, validationError } from '../../lib/http-errors.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';

/** A global config value may take at most this many bytes as JSON. */
export const MAX_GLOBAL_CONFIG_BYTES = 64 * 1024;

/** Settings shared by every tenant's voice agents: key → any JSON value. */
export function createGlobalConfigService({ repository }: { repository: VoiceConfigRepository }) {
  return {
    async getGlobalConfig(key: string): Promise<GlobalConfigEntry> {
      const row = await repository.getGlobalConfig(key);
      if (!row) {
        throw notFound(`No global config entry with the key "${key}"`, 'CONFIG_KEY_NOT_FOUND');
      }
      return { key: row.key, value: row.value, updatedAt: row.updated_at.toISOString() };
    },

    /** Creates or replaces an entry. */
    async setGlobalConfig(input: z.infer<typeof SetGlobalConfigBody>): Promise<GlobalConfigEntry> {
      const json = JSON.stringify(input.value);
      if (Buffer.byteLength(json, 'utf8') > MAX_GLOBAL_CONFIG_BYTES) {
        throw validationError(
          'value',
          `must be at most ${MAX_GLOBAL_CONFIG_BYTES / 1024} KiB as JSON`,
        );
      }
      const row = await repository.setGlobalConfig(input.key, json);
      return { key: row.key, value: row.value, updatedAt: row.updated_at.toISOString() };
    },
  };
}
