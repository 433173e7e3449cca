import { z } from 'zod';

/**
 * What an API key may call. Every gateway route declares the one scope it needs; a key holds a
 * list of them, or null for every scope (keys created without a list, and keys older than scopes).
 */
export const API_SCOPES = {
  'ehr:read': 'Read patients, appointments, providers and departments from the EHR',
  'ehr:write': 'Register patients and book appointments in the EHR',
  aggregation: 'Read the aggregated scheduling views (providers, appointment types, open slots)',
  scheduling: 'Ask smart scheduling for departments, providers and open slots',
  'voice-config:read': 'Read voice-agent configuration and query it',
  'voice-config:write': 'Create, change and delete voice-agent configuration',
  tools: 'Call the voice-agent tool webhook (Vapi, Retell)',
  utility: 'Use the utility routes (date checks, time, CORS check, echo)',
  events: 'Register webhook endpoints and receive signed appointment and patient events',
} as const;
export type ApiScope = keyof typeof API_SCOPES;
export const ALL_API_SCOPES = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];
export const ApiScope = z.enum(ALL_API_SCOPES);

/** Scope sets the console offers as one click. */
export const API_SCOPE_PRESETS = {
  'Read-only EHR': ['ehr:read', 'aggregation', 'utility'],
  'Voice agent': [
    'ehr:read',
    'ehr:write',
    'aggregation',
    'scheduling',
    'voice-config:read',
    'tools',
  ],
} as const satisfies Record<string, readonly ApiScope[]>;

/** Whether a key holding `scopes` (null: every scope) may use a route needing `needed`. */
export const hasScope = (scopes: readonly ApiScope[] | null, needed: ApiScope): boolean =>
  scopes === null || scopes.includes(needed);
