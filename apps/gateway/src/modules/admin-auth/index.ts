import type { FastifyInstance, FastifyRequest } from 'fastify';

import { SESSION_COOKIE } from '@ehr-gateway/contracts';

import type { GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { unauthorized } from '../../lib/http-errors.js';
import { createPayloadSealer } from '../../lib/payload-seal.js';
import type { AuditModule } from '../audit/index.js';
import { createAdminAuthRepository } from './admin-auth-repository.js';
import { registerAdminAuthRoutes, registerAdminGuard } from './admin-auth-routes.js';
import { createAdminAuthService } from './admin-auth-service.js';
import { DEFAULT_AUTH_POLICY, type AdminAuthPolicy } from './admin-auth-shared.js';
import { createExternalAccounts } from './external-accounts.js';
import { passwordGateFor } from './password-sign-in-gate.js';
import { createSecondFactorRepository } from './second-factor-repository.js';
import { registerSecondFactorRoutes } from './second-factor-routes.js';
import { createSecondFactorService } from './second-factor-service.js';

export type { AdminAuthPolicy, AuthenticatedAdmin, ClientInfo } from './admin-auth-shared.js';
export type { ExternalAccount, ExternalAccounts } from './external-accounts.js';
export { clearSessionCookie, setSessionCookie } from './session-cookie.js';

interface Deps {
  db: Db;
  settings: GatewaySettings;
  policy?: Partial<AdminAuthPolicy>;
  /** Told the first admin's password when the gateway generated it; nothing else ever sees it. */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  /** Told when ADMIN_PASSWORD was given but the first admin already existed, so it was not used. */
  onIgnoredAdminPassword?: (username: string) => void;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}

const HOUSEKEEPING_MS = 60 * 60_000;

/** Administrators, their sessions and sign-in; guards the whole admin API. */
/** How the audit trail names what the operator did from the server's shell. */
const OPERATOR_CONTEXT = {
  actor: { type: 'system', id: null, name: 'operator (npm run admin)' },
  ip: null,
  userAgent: null,
} as const;

export async function createAdminAuthModule({
  db,
  settings,
  policy,
  onGeneratedAdminPassword,
  onIgnoredAdminPassword,
  audit,
  now,
}: Deps) {
  const repository = createAdminAuthRepository(db);
  const fullPolicy: AdminAuthPolicy = {
    ...DEFAULT_AUTH_POLICY,
    idleTimeoutMs: settings.sessionIdleMinutes * 60_000,
    absoluteTimeoutMs: settings.sessionMaxHours * 3_600_000,
    localMfa: settings.signIn?.localMfa ?? 'optional',
    ...policy,
  };
  const signIn = settings.signIn;
  const secondFactor = createSecondFactorService({
    repository: createSecondFactorRepository(db),
    users: repository,
    sealer: signIn?.mfaEncryptionKey ? createPayloadSealer(signIn.mfaEncryptionKey) : null,
    audit,
    now: now ?? (() => new Date()),
  });
  const service = createAdminAuthService({
    now,
    audit,
    repository,
    policy: fullPolicy,
    passwordGate: passwordGateFor(signIn?.authMode ?? 'local', signIn?.breakGlassUsername),
    secondFactor,
  });
  const initialAdmin = await service.ensureInitialAdmin(
    settings.adminUsername,
    settings.adminPassword,
  );
  if (initialAdmin.generatedPassword) {
    onGeneratedAdminPassword?.(settings.adminUsername, initialAdmin.generatedPassword);
  }
  if (!initialAdmin.created && settings.adminPassword) {
    onIgnoredAdminPassword?.(settings.adminUsername);
  }

  return {
    adminRoutes: (admin) => {
      registerAdminAuthRoutes(admin, service);
      registerSecondFactorRoutes(admin, secondFactor);
    },

    /**
     * Installed on the admin scope before any module's routes: every admin route then needs a
     * session and the permission it declares, and one that declares none stops the start.
     */
    guardAdminScope: (admin: FastifyInstance) =>
      registerAdminGuard(admin, service, { metricsToken: settings.metricsToken }),

    /**
     * How a request for an admin path no route serves is answered: 401 without a session, so the
     * admin API's shape is not revealed to strangers; the caller's 404 otherwise.
     */
    async rejectUnknownAdminPath(request: FastifyRequest): Promise<void> {
      if (!(await service.authenticate(request.cookies[SESSION_COOKIE]))) {
        throw unauthorized('Sign in to use the admin API', 'SESSION_REQUIRED');
      }
    },

    /** Accounts whose identity lives with an identity provider (the sso module). */
    externalAccounts: createExternalAccounts({ repository, policy: fullPolicy, now }),

    /** Ends the session a cookie names, recording the sign-out. */
    signOut: service.logout,

    /** For the operator at the server's shell (`npm run admin -- reset-password`), not the API. */
    resetPasswordAsOperator: (username?: string) =>
      service.resetPasswordByUsername(username, OPERATOR_CONTEXT),

    tasks: [
      {
        name: 'session housekeeping',
        everyMs: HOUSEKEEPING_MS,
        firstRunAfterMs: 30_000,
        run: () => service.purgeExpired(),
      },
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type AdminAuthModule = Awaited<ReturnType<typeof createAdminAuthModule>>;
