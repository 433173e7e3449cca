import type { AdminAuthDeps } from './admin-auth-shared.js';
import { createSessionsService } from './sessions-service.js';
import { createSignInService } from './sign-in-service.js';
import { createUsersService } from './users-service.js';

/**
 * Console users, their roles and sessions, and signing in. Every change is recorded in the audit
 * trail with who made it and from where.
 */
export function createAdminAuthService({
  now = () => new Date(),
  ...deps
}: Omit<AdminAuthDeps, 'now'> & { now?: () => Date }) {
  const built = { ...deps, now };
  return {
    ...createSignInService(built),
    ...createUsersService(built),
    ...createSessionsService(built),
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
