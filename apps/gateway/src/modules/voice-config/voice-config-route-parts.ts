import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { API_TAGS, ErrorResponse, TenantQuery, type IdParam } from '@ehr-gateway/contracts';

/** What every voice-config route file shares: tags, source and scope, the error answers. */
export const tags = [API_TAGS.voiceConfig];
export const readConfig = { source: 'voice-config', scope: 'voice-config:read' } as const;
export const writeConfig = { source: 'voice-config', scope: 'voice-config:write' } as const;
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
export const writeErrors = { ...errors, 409: ErrorResponse };
export const ehrErrors = { ...errors, 502: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse };
export const TenantListQuery = TenantQuery.pick({ includeInactive: true });
export type Id = z.infer<typeof IdParam>;

export const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
