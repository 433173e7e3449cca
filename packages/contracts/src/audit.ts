import { z } from 'zod';

import { IsoDateTime } from './common.js';

/** Every kind of event the audit trail records, with the words the console shows. */
export const AUDIT_ACTIONS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-out': 'Signed out',
  'sso-sign-in': 'Signed in with SSO',
  'sso-sign-in-refused': 'SSO sign-in refused',
  'sso-access-synced': 'Role synced from the identity provider',
  'break-glass-sign-in': 'Break-glass sign-in',
  'mfa-enrolled': 'Second factor enrolled',
  'mfa-reset': 'Second factor reset',
  'session-revoked': 'Session ended',
  'user-created': 'User created',
  'user-changed': 'User changed',
  'user-deactivated': 'User deactivated',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'password-change-failed': 'Password change refused',
  'key-created': 'API key created',
  'key-changed': 'API key changed',
  'key-deleted': 'API key deleted',
  'key-rotated': 'API key rotated',
  'config-changed': 'Configuration changed',
  'payload-capture-changed': 'Payload capture changed',
  'log-viewed': 'Request log entry viewed',
  'audit-exported': 'Audit trail exported',
  'logs-exported': 'Request log exported',
  'webhook-endpoint-created': 'Webhook endpoint created',
  'webhook-endpoint-changed': 'Webhook endpoint changed',
  'webhook-endpoint-paused': 'Webhook endpoint paused',
  'webhook-endpoint-resumed': 'Webhook endpoint resumed',
  'webhook-endpoint-disabled': 'Webhook endpoint disabled after failing',
  'webhook-endpoint-deleted': 'Webhook endpoint deleted',
  'webhook-secret-rotated': 'Webhook secret rotated',
  'webhook-phi-approval-changed': 'Webhook PHI approval changed',
  'webhook-test-sent': 'Webhook test event sent',
  'webhook-delivery-replayed': 'Webhook delivery replayed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AuditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

export const AUDIT_RESULTS = ['success', 'failure', 'denied'] as const;
export const AuditResult = z.enum(AUDIT_RESULTS);
export type AuditResult = z.infer<typeof AuditResult>;

export const AuditActor = z.object({
  type: z.enum(['user', 'api-key', 'system', 'anonymous']),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEvent = z.object({
  id: z.string(),
  at: IsoDateTime,
  actor: AuditActor,
  action: AuditAction,
  /** What was acted on, e.g. a user's name or a key's id. */
  target: z.string().nullable(),
  result: AuditResult,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Before and after for changes, whether PHI was shown for a log view, never a secret. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AUDIT_PAGE_MAX = 500;

export const AuditQuery = z.strictObject({
  /** A user's name or id, or an API key's id. */
  actor: z.string().trim().min(1).max(100).optional(),
  action: AuditAction.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  /** From the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, 'must be a cursor from a previous page')
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({
  events: z.array(AuditEvent),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditExportQuery = AuditQuery.omit({ limit: true, cursor: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

export const AuditVerification = z.object({
  valid: z.boolean(),
  /** How many events were checked, oldest kept first. */
  checked: z.number().int(),
  /** The first event whose hash does not match what it holds, or does not follow its predecessor. */
  brokenAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerification>;
