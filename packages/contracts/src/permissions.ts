/**
 * Who may do what in the admin API and console: the roles, the permissions each route declares,
 * and which role holds which. The gateway enforces them on every admin route; the console hides or
 * disables what the signed-in user may not do. One list, both sides. No zod here: the console's
 * first page needs these lists, and their schemas (access-schemas.ts) would bring zod with them.
 */

export const ROLES = ['admin', 'developer', 'auditor'] as const;
/**
 * `Role` and `Permission` are named in access-schemas.ts, beside their schemas; derived here too
 * so this file imports nothing (the console's first page reads it without zod).
 */
type RoleName = (typeof ROLES)[number];

export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Admin',
  developer: 'Developer',
  auditor: 'Auditor',
};

export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  admin: 'Everything, including users, keys and configuration',
  developer: 'Dashboard, endpoints, logs and metrics; keys and configuration read-only',
  auditor: 'Read-only everywhere, plus the audit trail',
};

/**
 * What an admin route needs, with the words a refusal uses ("Your role (developer) may not …").
 * `session:self` is what any signed-in user may do for themselves (their session, password and
 * sessions); `public` routes need no session at all (signing in and out).
 */
export const PERMISSIONS = {
  public: 'use this route',
  'session:self': 'manage their own session',
  'status:read': 'see the gateway and EHR status',
  'config:read': 'see the gateway configuration',
  'config:write': 'change the gateway configuration',
  'keys:read': 'see API keys',
  'keys:write': 'create, change or delete API keys',
  'logs:read': 'read the request log',
  'logs:phi': 'see patient data in the request log',
  'metrics:read': 'see gateway metrics',
  'users:read': 'see console users',
  'users:manage': 'create or change console users',
  'sessions:manage': "see or end other users' sessions",
  'audit:read': 'read the audit trail',
  'webhooks:read': 'see webhook endpoints and their deliveries',
  'webhooks:manage': 'create, change, test or delete webhook endpoints',
  'webhooks:approve-phi': 'let a webhook endpoint receive full patient data',
} as const;
type PermissionName = keyof typeof PERMISSIONS;

const EVERYONE: PermissionName[] = ['public', 'session:self'];
const READ_ONLY: PermissionName[] = [
  ...EVERYONE,
  'status:read',
  'config:read',
  'keys:read',
  'logs:read',
  'metrics:read',
  'webhooks:read',
];

/** What each role holds. `logs:phi` is never in a role: it comes with the PHI-access grant. */
export const ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  admin: (Object.keys(PERMISSIONS) as PermissionName[]).filter((p) => p !== 'logs:phi'),
  developer: READ_ONLY,
  auditor: [...READ_ONLY, 'users:read', 'audit:read'],
};

/** Everything a user may do: their role's permissions, and `logs:phi` with PHI access. */
export function permissionsOf(user: { role: RoleName; phiAccess: boolean }): PermissionName[] {
  return [...ROLE_PERMISSIONS[user.role], ...(user.phiAccess ? (['logs:phi'] as const) : [])];
}
