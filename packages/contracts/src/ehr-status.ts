import { z } from 'zod';

import { IsoDateTime } from './common.js';

export const ConnectionStatus = z.enum(['connected', 'disconnected']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const EhrStatus = z.object({
  athena: z.object({
    status: ConnectionStatus,
    /** Whether the gateway has athena credentials at all (ATHENA_* settings). */
    configured: z.boolean(),
    practiceId: z.string().nullable(),
    lastSyncedAt: IsoDateTime.nullable(),
    message: z.string().nullable(),
    /** The circuit breaker in front of athena; null when not configured. */
    breakerState: z.enum(['closed', 'half-open', 'open']).nullable(),
    /** Access tokens obtained since this instance started. */
    tokenRefreshes: z.number().int(),
  }),
  mockEhr: z.object({
    status: ConnectionStatus,
  }),
});
export type EhrStatus = z.infer<typeof EhrStatus>;
